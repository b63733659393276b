import assert from "node:assert/strict";
import WebSocket from "ws";
import { WebCallServerMessage } from "@parley/shared/web-call";
import { samplesPerFrame } from "@parley/voice/audio/frames";
import { pcm16ToBytes } from "@parley/voice/telephony/web/pcm-bytes";
import { createMessageLog } from "./message-log.ts";

/** What a browser sees of a test call: every JSON message (schema-checked) and the agent audio received. */
export type WebCallClient = {
  messages: WebCallServerMessage[];
  agentSamples: number;
  send(msg: object): void;
  /** Streams PCM16 at 16 kHz in real time, 20 ms per message, as the page's worklet does. */
  speak(pcm: Int16Array): Promise<void>;
  waitFor<T extends WebCallServerMessage["type"]>(
    type: T,
    pred?: (m: Extract<WebCallServerMessage, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<WebCallServerMessage, { type: T }>>;
  closed: Promise<number>;
};

export function openWebCall(url: string): Promise<WebCallClient> {
  const ws = new WebSocket(url);
  const log = createMessageLog<WebCallServerMessage>();
  const client: WebCallClient = {
    messages: log.messages,
    agentSamples: 0,
    send: (msg) => ws.send(JSON.stringify(msg)),
    async speak(pcm) {
      const n = samplesPerFrame(16_000);
      for (let at = 0; at < pcm.length && ws.readyState === ws.OPEN; at += n) {
        ws.send(pcm16ToBytes(pcm.subarray(at, at + n)));
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    waitFor: (type, pred = () => true, ms = 20_000) =>
      log.waitFor((m) => m.type === type && pred(m as never), `${type} message`, ms) as never,
    closed: new Promise((r) => ws.on("close", (code) => r(code))),
  };
  ws.on("message", (data, isBinary) => {
    if (isBinary) client.agentSamples += (data as Buffer).length / 2;
    else log.push(WebCallServerMessage.parse(JSON.parse(String(data))));
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("error", reject);
  });
}

/** The HTTP status a refused WebSocket handshake answered. */
export function handshakeStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once("open", () => {
      ws.close();
      assert.fail("the handshake should have been refused");
    });
    ws.once("error", () => {});
  });
}
