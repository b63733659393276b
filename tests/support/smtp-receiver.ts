import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail; raw: string };
export type SmtpReceiver = {
  port: number;
  /** An SMTP_URL for this server, with the user and password it accepts. */
  url: string;
  received: ReceivedMail[];
  /** Stops listening (the port stays ours to listen on again with `listen`). */
  close(): Promise<void>;
  listen(): Promise<void>;
};

const USER = "parley";
const PASS = "mail-secret";

/**
 * A real SMTP server (smtp-server from npm) on 127.0.0.1 that keeps every message it accepts, parsed with
 * mailparser. Plain SMTP with AUTH PLAIN/LOGIN (no STARTTLS: the test has no certificate to trust).
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === USER && auth.password === PASS) cb(null, { user: USER });
        else cb(new Error("Invalid username or password"));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw).then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail, raw });
            cb();
          }, cb);
        });
      },
    });
  let server = make();
  const listenOn = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
    });
  const port = await listenOn(0);
  return {
    port,
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async listen() {
      server = make();
      await listenOn(port);
    },
  };
}
