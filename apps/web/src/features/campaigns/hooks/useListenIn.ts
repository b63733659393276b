import { useCallback, useEffect, useRef, useState } from "react";
import { ListenServerMessage, ListenTicket, type ListenClientMessage } from "@parley/shared/live-listen";
import { api } from "../../../lib/api-client.ts";
import { messageOf } from "../../../lib/api-error.ts";
import { micMessage, startMicCapture, type MicCapture } from "../../../lib/microphone.ts";
import { pcm16ToBytes } from "../../../lib/pcm16.ts";
import { createPcmPlayer } from "./test-call-audio.ts";

export type ListenState = {
  status: "idle" | "connecting" | "listening" | "ended";
  /** Who holds the call (null: the agent), and whether it is you. */
  heldBy: string | null;
  you: boolean;
  /** Audio has arrived (the page is really hearing the call). */
  hearing: boolean;
  error: string | null;
};

const IDLE: ListenState = { status: "idle", heldBy: null, you: false, hearing: false, error: null };

function parse(text: string): ListenServerMessage | null {
  try {
    const r = ListenServerMessage.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Listening in on one live call: both sides played as they come (each side its own queue, so they overlap as
 * on the line), and taking the call over with the microphone, which is opened only then.
 */
export function useListenIn(callId: string) {
  const [state, setState] = useState<ListenState>(IDLE);
  const live = useRef<{ ws: WebSocket; context: AudioContext; mic: MicCapture | null } | null>(null);
  const patch = (p: Partial<ListenState>) => setState((s) => ({ ...s, ...p }));

  const teardown = useCallback(() => {
    const l = live.current;
    live.current = null;
    if (!l) return;
    l.mic?.stop();
    void l.context.close();
    // Closed by us: what the socket says from here on (its own close) is not news for the page.
    l.ws.onmessage = null;
    l.ws.onclose = null;
    if (l.ws.readyState <= WebSocket.OPEN) l.ws.close(1000);
  }, []);
  useEffect(() => teardown, [teardown]);

  const send = (m: ListenClientMessage) =>
    live.current?.ws.readyState === WebSocket.OPEN && live.current.ws.send(JSON.stringify(m));

  // biome-ignore lint/correctness/useExhaustiveDependencies: patch, send and stopMic touch only refs and state setters
  const start = useCallback(async () => {
    if (live.current) return;
    setState({ ...IDLE, status: "connecting" });
    let ticket: ListenTicket;
    try {
      ticket = await api(`/calls/${encodeURIComponent(callId)}/listen`, { method: "POST", schema: ListenTicket });
    } catch (err) {
      return patch({ status: "idle", error: messageOf(err, "Could not listen to this call.") });
    }
    const context = new AudioContext();
    void context.resume();
    // Indexed by the side byte (LISTEN_SIDE: agent 0, callee 1).
    const players = [createPcmPlayer(context), createPcmPlayer(context)];
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${window.location.host}${ticket.ws_url}`);
    ws.binaryType = "arraybuffer";
    live.current = { ws, context, mic: null };
    let over = false;
    ws.onmessage = (e: MessageEvent<ArrayBuffer | string>) => {
      if (typeof e.data !== "string") {
        const side = new Uint8Array(e.data, 0, 1)[0]!;
        players[side]?.play(e.data.slice(1));
        return setState((s) => (s.hearing ? s : { ...s, hearing: true }));
      }
      const m = parse(e.data);
      if (m?.type === "state") {
        patch({ status: "listening", heldBy: m.held_by, you: m.you });
        if (!m.you) stopMic();
      }
      if (m?.type === "error") patch({ error: m.message });
      if (m?.type === "ended") (over = true), patch({ status: "ended", heldBy: null, you: false });
    };
    ws.onclose = () => {
      teardown();
      setState((s) => ({
        ...s,
        status: "ended",
        you: false,
        error: over ? s.error : (s.error ?? "The connection to the call was lost."),
      }));
    };
  }, [callId, teardown]);

  function stopMic() {
    live.current?.mic?.stop();
    if (live.current) live.current.mic = null;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: patch, send and stopMic touch only refs and state setters
  const takeOver = useCallback(async () => {
    const l = live.current;
    if (!l || l.mic) return;
    try {
      l.mic = await startMicCapture(
        (pcm) => l.ws.readyState === WebSocket.OPEN && l.ws.send(pcm16ToBytes(pcm)),
        () => {},
      );
    } catch (err) {
      return patch({ error: micMessage(err) });
    }
    patch({ error: null });
    send({ type: "take_over" });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: patch, send and stopMic touch only refs and state setters
  const handBack = useCallback(() => {
    send({ type: "hand_back" });
    stopMic();
  }, []);

  const stop = useCallback(() => {
    teardown();
    setState(IDLE);
  }, [teardown]);

  return { ...state, start, takeOver, handBack, stop };
}
