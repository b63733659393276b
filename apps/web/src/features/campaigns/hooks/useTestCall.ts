import { useCallback, useEffect, useRef, useState } from "react";
import { TestCallTicket, type WebCallClientMessage } from "@parley/shared/web-call";
import { api } from "../../../lib/api-client.ts";
import { messageOf } from "../../../lib/api-error.ts";
import { micMessage, startMicCapture, type MicCapture } from "../../../lib/microphone.ts";
import { pcm16ToBytes } from "../../../lib/pcm16.ts";
import { parseServerMessage, reduce, type TestCallState } from "../logic/test-call-state.ts";
import { createPcmPlayer } from "./test-call-audio.ts";

export type { TestCallStatus } from "../logic/test-call-state.ts";

const IDLE: TestCallState = {
  status: "idle",
  turns: [],
  agentSpeaking: false,
  micLevel: 0,
  error: null,
  outcome: null,
};

/** One browser test call with a campaign's agent: ticket, microphone, socket, playback and live transcript. */
export function useTestCall(campaignId: string | null) {
  const [state, setState] = useState<TestCallState>(IDLE);
  const live = useRef<{ ws: WebSocket; mic: MicCapture } | null>(null);
  const patch = (p: Partial<TestCallState>) => setState((s) => ({ ...s, ...p }));

  const teardown = useCallback(() => {
    const l = live.current;
    live.current = null;
    if (!l) return;
    l.mic.stop();
    if (l.ws.readyState <= WebSocket.OPEN) l.ws.close(1000);
  }, []);
  useEffect(() => teardown, [teardown]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: patch touches only refs and state setters
  const start = useCallback(async () => {
    if (!campaignId || live.current) return;
    setState({ ...IDLE, status: "connecting" });
    let ticket: TestCallTicket;
    try {
      ticket = await api(`/campaigns/${encodeURIComponent(campaignId)}/test-call`, {
        method: "POST",
        schema: TestCallTicket,
      });
    } catch (err) {
      return patch({ status: "failed", error: messageOf(err, "The test call could not be started.") });
    }
    let ws: WebSocket | null = null;
    const send = (m: WebCallClientMessage | ArrayBuffer) =>
      ws?.readyState === WebSocket.OPEN && ws.send(m instanceof ArrayBuffer ? m : JSON.stringify(m));
    let mic: MicCapture;
    try {
      mic = await startMicCapture(
        (pcm) => send(pcm16ToBytes(pcm)),
        (micLevel) => patch({ micLevel }),
      );
    } catch (err) {
      return patch({ status: "failed", error: micMessage(err) });
    }
    const player = createPcmPlayer(mic.context);
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${window.location.host}${ticket.ws_url}`);
    ws.binaryType = "arraybuffer";
    live.current = { ws, mic };
    let over = false;
    ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
      if (typeof e.data !== "string") return player.play(e.data);
      const m = parseServerMessage(e.data);
      if (!m) return;
      if (m.type === "ready") send({ type: "start" });
      if (m.type === "clear") player.clear();
      if (m.type === "ended" || m.type === "error") over = true;
      setState((s) => reduce(s, m));
    };
    ws.onclose = () => {
      teardown();
      if (!over)
        patch({
          status: "failed",
          agentSpeaking: false,
          micLevel: 0,
          error: "The connection to the test call was lost.",
        });
    };
  }, [campaignId, teardown]);

  const hangUp = useCallback(() => {
    const ws = live.current?.ws;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "hangup" } satisfies WebCallClientMessage));
    else teardown();
  }, [teardown]);

  return { ...state, start, hangUp };
}
