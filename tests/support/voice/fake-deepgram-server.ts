import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export type FakeDeepgramOptions = {
  apiKey: string;
  /** What the callee "says", one entry per utterance, in order (shared by all connections). */
  utterances: string[];
  /** "ignore" never answers Finalize, to exercise the caller's timeout. */
  finalize?: "answer" | "ignore";
};

export type FakeDeepgramConnection = {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  /** Audio bytes received per utterance (a new entry starts after each Finalize). */
  audioBytes: number[];
  /** Control messages received, by type, in order. */
  controls: string[];
  closed: boolean;
};

/**
 * A local stand-in for Deepgram's live /v1/listen WebSocket, speaking its documented protocol: Token auth
 * checked at the handshake (401 with err_code/err_msg JSON), binary linear16 audio in, Results out (an
 * interim after 0.25 s of audio, the first half of the words as a final segment after 0.5 s, the rest in
 * the from_finalize answer to Finalize), Metadata and a clean close after CloseStream.
 */
export async function startFakeDeepgram(opts: FakeDeepgramOptions) {
  const connections: FakeDeepgramConnection[] = [];
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_req, res) => void res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const refuse = (status: number, code: string, msg: string) => {
      const body = JSON.stringify({ err_code: code, err_msg: msg, request_id: "fake-request" });
      socket.end(
        `HTTP/1.1 ${status} Refused\r\ncontent-type: ` +
          `application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: ` +
          `close\r\n\r\n${body}`,
      );
    };
    if (req.headers.authorization !== `Token ${opts.apiKey}`)
      return refuse(401, "INVALID_AUTH", "Invalid credentials.");
    if (url.pathname !== "/v1/listen") return refuse(404, "NOT_FOUND", `No route ${url.pathname}`);
    const q = url.searchParams;
    if (q.get("encoding") !== "linear16" || !Number(q.get("sample_rate")) || q.get("channels") !== "1") {
      return refuse(400, "Bad Request", "encoding=linear16, sample_rate and channels=1 are required for raw audio.");
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: FakeDeepgramConnection = {
        headers: req.headers,
        query: q,
        audioBytes: [0],
        controls: [],
        closed: false,
      };
      connections.push(conn);
      sockets.add(ws);
      ws.on("close", () => {
        conn.closed = true;
        sockets.delete(ws);
      });
      serve(ws, conn, Number(q.get("sample_rate")), opts);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    /** Closes every socket from the server side, as Deepgram does on its own errors (e.g. 1011 NET-0001). */
    drop: (code: number, reason: string) => sockets.forEach((ws) => void ws.close(code, reason)),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((ws) => void ws.terminate());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function serve(ws: WebSocket, conn: FakeDeepgramConnection, rate: number, opts: FakeDeepgramOptions) {
  let words: string[] | null = null; // the current utterance, taken from the script when its audio starts
  let sentWords = 0;
  let sentInterim = false;
  let seconds = 0; // audio position, for the Results' start/duration
  ws.on("message", (data: Buffer, isBinary) => {
    if (isBinary) {
      const before = conn.audioBytes[conn.audioBytes.length - 1]!;
      const now = before + data.length;
      conn.audioBytes[conn.audioBytes.length - 1] = now;
      words ??= (opts.utterances.shift() ?? "").split(/\s+/).filter(Boolean);
      const crossed = (s: number) => before < rate * 2 * s && now >= rate * 2 * s;
      if (crossed(0.25) && words.length && !sentInterim) {
        sentInterim = true;
        ws.send(results(words.slice(0, 1).join(" "), { isFinal: false, start: seconds }));
      }
      if (crossed(0.5) && words.length > 1) {
        sentWords = Math.ceil(words.length / 2);
        ws.send(results(words.slice(0, sentWords).join(" "), { isFinal: true, start: seconds }));
      }
      return;
    }
    const msg = JSON.parse(data.toString()) as { type?: string };
    conn.controls.push(msg.type ?? "?");
    if (msg.type === "Finalize") {
      if (opts.finalize === "ignore") return;
      const rest = (words ?? []).slice(sentWords).join(" ");
      seconds += conn.audioBytes[conn.audioBytes.length - 1]! / (rate * 2);
      ws.send(results(rest, { isFinal: true, start: seconds, fromFinalize: true }));
      conn.audioBytes.push(0);
      words = null;
      sentWords = 0;
      sentInterim = false;
    } else if (msg.type === "CloseStream") {
      ws.send(
        JSON.stringify({
          type: "Metadata",
          transaction_key: "deprecated",
          request_id: "fake-request",
          created: new Date().toISOString(),
          duration: seconds,
          channels: 1,
        }),
      );
      ws.close(1000);
    }
  });
}

function results(transcript: string, o: { isFinal: boolean; start: number; fromFinalize?: boolean }): string {
  return JSON.stringify({
    type: "Results",
    channel_index: [0, 1],
    duration: 0.5,
    start: o.start,
    is_final: o.isFinal,
    speech_final: o.isFinal,
    ...(o.fromFinalize ? { from_finalize: true } : {}),
    channel: { alternatives: [{ transcript, confidence: o.isFinal ? 0.9 : 0, words: [] }] },
    metadata: { request_id: "fake-request", model_info: { name: "fake", version: "0", arch: "fake" } },
  });
}
