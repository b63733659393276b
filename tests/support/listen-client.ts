import WebSocket from "ws";
import { LISTEN_SIDE, ListenServerMessage } from "@parley/shared/live-listen";
import { pcm16ToBytes } from "@parley/voice/telephony/web/pcm-bytes";
import { createMessageLog } from "./message-log.ts";

/** What a browser sees when listening in: the JSON messages (schema-checked) and the audio bytes per side. */
export type ListenClient = {
  messages: ListenServerMessage[];
  bytes: { agent: number; callee: number };
  send(msg: object): void;
  /** `ms` of a 440 Hz tone at 16 kHz, 20 ms per message in real time: a person talking. */
  talk(ms: number): Promise<void>;
  waitFor(pred: (m: ListenServerMessage) => boolean, what: string, ms?: number): Promise<ListenServerMessage>;
  closed: Promise<number>;
};

export function openListen(url: string): Promise<ListenClient> {
  const ws = new WebSocket(url);
  const log = createMessageLog<ListenServerMessage>();
  const client: ListenClient = {
    messages: log.messages,
    bytes: { agent: 0, callee: 0 },
    send: (msg) => ws.send(JSON.stringify(msg)),
    async talk(ms) {
      const frame = Int16Array.from({ length: 320 }, (_, i) =>
        Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)),
      );
      for (let t = 0; t < ms && ws.readyState === ws.OPEN; t += 20) {
        ws.send(pcm16ToBytes(frame));
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    waitFor: log.waitFor,
    closed: new Promise((r) => ws.on("close", (code) => r(code))),
  };
  ws.on("message", (data, isBinary) => {
    if (isBinary) {
      const buf = data as Buffer;
      client.bytes[buf[0] === LISTEN_SIDE.agent ? "agent" : "callee"] += buf.length - 1;
    } else log.push(ListenServerMessage.parse(JSON.parse(String(data))));
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("error", reject);
  });
}
