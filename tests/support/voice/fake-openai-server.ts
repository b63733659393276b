import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake server answers to one request: SSE events (objects or raw strings), a JSON body, or an error. */
export type FakeAnswer =
  | { kind: "sse"; events: Array<unknown>; holdAfter?: number; release?: Promise<void> }
  | { kind: "json"; body: unknown }
  | { kind: "status"; status: number; body: string }
  | { kind: "hang" };

export type SeenRequest = { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };

/** A local OpenAI-compatible server on 127.0.0.1 that answers scripted replies in order and records requests. */
export async function startFakeOpenAi(answers: FakeAnswer[]) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", async () => {
      seen.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const answer = answers.shift() ?? { kind: "status", status: 500, body: "no scripted answer left" };
      if (answer.kind === "hang") return;
      if (answer.kind === "status")
        return void res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
      if (answer.kind === "json")
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(": keep-alive\n\n");
      for (const [i, event] of answer.events.entries()) {
        if (answer.holdAfter === i && answer.release) await answer.release;
        res.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
      }
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** SSE chunk helpers in the OpenAI streaming format. */
export const text = (content: string) => ({ choices: [{ index: 0, delta: { content } }] });
export const toolDelta = (d: { index: number; id?: string; name?: string; args?: string }) => ({
  choices: [
    {
      index: 0,
      delta: {
        tool_calls: [
          {
            index: d.index,
            ...(d.id ? { id: d.id, type: "function" } : {}),
            function: { ...(d.name ? { name: d.name } : {}), arguments: d.args ?? "" },
          },
        ],
      },
    },
  ],
});
