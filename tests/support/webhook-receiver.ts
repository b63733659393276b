import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: any };
};

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests. It answers each request with the next status of
 * `answers` (200 once they run out) and keeps what it got; `verified` checks a request's Standard
 * Webhooks signature with the stock `standardwebhooks` package, as a customer's receiver would.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers as Record<string, string>, body, json: JSON.parse(body) });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "thanks" : `receiver says ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    of: (type: string) => received.filter((r) => r.json.type === type),
    /** The parsed body when the signature holds for `secret`; throws (WebhookVerificationError) otherwise. */
    verified: (r: Received, secret: string) => new Webhook(secret).verify(r.body, r.headers) as Received["json"],
    /** What was sent to the endpoint of this secret (several endpoints of a test may share the receiver). */
    signedWith: (secret: string) =>
      received.filter((r) => {
        try {
          new Webhook(secret).verify(r.body, r.headers);
          return true;
        } catch {
          return false;
        }
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
