import WebSocket from "ws";
import type { IncomingMessage } from "node:http";

/** The parts of Deepgram's live messages the adapter reads (Results, Metadata, Error). */
export type DeepgramMessage = {
  type?: string;
  is_final?: boolean;
  from_finalize?: boolean;
  channel?: { alternatives?: Array<{ transcript?: string; confidence?: number }> };
  description?: string;
};

export type DeepgramSocket = {
  /** Audio (binary) or a control message (JSON text); held back while the socket connects. */
  send(data: Buffer | string): void;
  /** CloseStream: Deepgram answers with Metadata and closes; a server that does not is cut off. */
  end(graceMs: number): void;
  kill(): void;
};

export type DeepgramSocketEvents = {
  message(m: DeepgramMessage): void;
  /** Once per socket: `err` is null when we ended it; `wasOpen` tells a refused handshake from a later drop. */
  closed(err: Error | null, wasOpen: boolean): void;
};

/**
 * One WebSocket to Deepgram's /v1/listen. Deepgram drops a socket that hears nothing for 10 s (NET-0001),
 * so while no audio flows a KeepAlive goes out every `keepAliveMs`.
 */
export function connectDeepgram(
  url: string,
  apiKey: string,
  keepAliveMs: number,
  on: DeepgramSocketEvents,
): DeepgramSocket {
  const ws = new WebSocket(url, { headers: { authorization: `Token ${apiKey}` }, handshakeTimeout: 10_000 });
  const outbox: Array<Buffer | string> = [];
  let opened = false;
  let ended = false;
  let error: Error | null = null;
  let lastSentAt = Date.now();

  const send = (data: Buffer | string) => {
    if (ws.readyState === WebSocket.OPEN) {
      ws.send(data);
      lastSentAt = Date.now();
    } else if (ws.readyState === WebSocket.CONNECTING) outbox.push(data);
  };
  const timer = setInterval(
    () => {
      if (ws.readyState === WebSocket.OPEN && Date.now() - lastSentAt >= keepAliveMs)
        send(JSON.stringify({ type: "KeepAlive" }));
    },
    Math.min(keepAliveMs, 1000),
  );
  timer.unref();

  ws.on("open", () => {
    opened = true;
    for (const d of outbox.splice(0)) send(d);
  });
  ws.on("unexpected-response", (_req, res) => {
    void readBody(res).then((body) => {
      error ??= handshakeError(res.statusCode ?? 0, body);
      ws.terminate();
    });
  });
  ws.on("error", (err) => {
    error ??= new Error(`Deepgram could not be reached: ${err.message}`);
  });
  ws.on("close", (code, reason) => {
    clearInterval(timer);
    const why =
      error ?? new Error(`Deepgram closed the stream (${code}${reason.length ? `: ${reason.toString()}` : ""})`);
    on.closed(ended ? null : why, opened);
  });
  ws.on("message", (data, isBinary) => {
    const m = isBinary ? null : parseMessage(data.toString());
    if (m) on.message(m);
  });

  return {
    send,
    end(graceMs) {
      if (ended) return;
      ended = true;
      if (ws.readyState !== WebSocket.OPEN) return ws.terminate();
      ws.send(JSON.stringify({ type: "CloseStream" }));
      setTimeout(() => ws.terminate(), graceMs).unref();
    },
    kill() {
      ended = true;
      ws.terminate();
    },
  };
}

function parseMessage(text: string): DeepgramMessage | null {
  try {
    return JSON.parse(text) as DeepgramMessage;
  } catch {
    return null;
  }
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    res.on("data", (c: Buffer) => {
      body += c.toString();
    });
    res.on("end", () => resolve(body));
    res.on("error", () => resolve(body));
  });
}

/** Deepgram refuses a handshake with JSON like {"err_code":"INVALID_AUTH","err_msg":"Invalid credentials."}. */
function handshakeError(status: number, body: string): Error {
  let detail = body.slice(0, 200);
  try {
    const j = JSON.parse(body) as { err_msg?: unknown };
    if (typeof j.err_msg === "string") detail = j.err_msg;
  } catch {
    // not JSON: keep the raw text
  }
  const suffix = detail ? `: ${detail}` : "";
  if (status === 401 || status === 403) return new Error(`Deepgram rejected the API key (HTTP ${status})${suffix}`);
  if (status === 429) return new Error(`Deepgram rate limit or quota reached (HTTP 429)${suffix}`);
  if (status >= 500) return new Error(`Deepgram is unavailable (HTTP ${status})${suffix}`);
  return new Error(`Deepgram refused the request (HTTP ${status})${suffix}`);
}
