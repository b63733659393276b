import http from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import { computeTwilioSignature } from "@parley/voice/telephony/twilio/twilio-signature";

/** One REST request the fake received. */
export type RestCall = { path: string; auth: string | undefined; form: URLSearchParams };

/**
 * A stand-in for Twilio in tests: its REST API records what Parley asks for, and it plays Twilio's part
 * afterwards (signed webhooks, the Media Streams socket). It signs the public URLs Parley hands it but sends
 * to `routeTo(localUrl)`, where the server really listens, as a proxy in front of Parley would.
 */
export async function startFakeTwilio(opts: { accountSid: string; authToken: string }) {
  let localUrl = "http://127.0.0.1:0";
  const rest: RestCall[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString("base64")}`;
  let nextSid = 1;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const path = req.url ?? "";
      rest.push({ path, auth: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader("content-type", "application/json");
      if (req.headers.authorization !== expectedAuth) {
        res.statusCode = 401;
        return res.end(
          JSON.stringify({
            code: 20003,
            message: "Authenticate",
            more_info: "https://www.twilio.com/docs/errors/20003",
            status: 401,
          }),
        );
      }
      if (path === `/2010-04-01/Accounts/${opts.accountSid}/Calls.json`) {
        res.statusCode = 201;
        return res.end(JSON.stringify({ sid: `CA${String(nextSid++).padStart(32, "0")}`, status: "queued" }));
      }
      const hang = path.match(/\/Calls\/(CA\w+)\.json$/);
      res.statusCode = hang ? 200 : 404;
      res.end(
        JSON.stringify(
          hang ? { sid: hang[1], status: "completed" } : { code: 20404, message: "Not found", status: 404 },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const toLocal = (url: string) =>
    url.replace(/^https?:\/\/[^/]+/, localUrl).replace(/^wss?:\/\/[^/]+/, localUrl.replace(/^http/, "ws"));

  return {
    apiBase,
    rest,
    routeTo(url: string) {
      localUrl = url;
    },
    /** Twilio POSTs a signed form to one of the URLs Parley gave it; `signWith` forges a wrong token. */
    async webhook(
      url: string,
      params: Record<string, string>,
      signWith = opts.authToken,
    ): Promise<{ status: number; text: string }> {
      const res = await fetch(toLocal(url), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
          "x-twilio-signature": computeTwilioSignature(signWith, url, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      return { status: res.status, text: await res.text() };
    },
    /** Opens the Media Streams socket at the TwiML's wss:// URL, signed as Twilio signs the handshake. */
    async openMedia(streamUrl: string, signWith = opts.authToken): Promise<MediaPeer> {
      const ws = new WebSocket(toLocal(streamUrl), {
        headers: { "x-twilio-signature": computeTwilioSignature(signWith, streamUrl, {}) },
      });
      const received: Record<string, unknown>[] = [];
      ws.on("message", (d) => received.push(JSON.parse(d.toString()) as Record<string, unknown>));
      const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        ws.once("open", () => resolve());
        ws.once("error", reject);
      });
      return { received, closed, send: (msg) => ws.send(JSON.stringify(msg)), close: () => ws.close() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MediaPeer = {
  received: Record<string, unknown>[];
  closed: Promise<number>;
  send(msg: object): void;
  close(): void;
};
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
