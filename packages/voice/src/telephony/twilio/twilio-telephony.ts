import type { WebSocket } from "ws";
import type {
  CallLeg,
  DialRequest,
  EndReason,
  IncomingAnswer,
  IncomingCallHandler,
  LegEvent,
  Telephony,
} from "../call-leg.ts";
import { createMediaStreamLeg, parseMediaMessage, type MediaStreamLeg } from "./media-stream-leg.ts";
import { connectStreamTwiml, hangupTwiml, sayAndHangupTwiml } from "./twiml.ts";
import { createTwilioCall, hangupTwilioCall, type TwilioAccount } from "./twilio-rest.ts";
import { verifyTwilioSignature } from "./twilio-signature.ts";

export type TwilioTelephonyConfig = TwilioAccount & {
  /** The caller id: a Twilio number (E.164) of the account. */
  from: string;
  /** Where Twilio reaches this server, e.g. https://parley.example.com (no trailing slash needed). */
  publicUrl: string;
  /** The mount point of the webhook routes. */
  webhookPath?: string;
  /** The media socket must name its call within this long after connecting. */
  startTimeoutMs?: number;
  onError?: (message: string, err: unknown) => void;
};

/** What the webhook routes call; the routes only parse and verify, every decision is made here. */
export type TwilioWebhooks = {
  /** True when `signature` is Twilio's for this request path (with its query) and form params. */
  verifyWebhook(pathAndQuery: string, params: Record<string, string>, signature: string | undefined): boolean;
  /** The same for the WebSocket handshake, which Twilio signs over the wss:// URL with no params. */
  verifyMediaHandshake(pathAndQuery: string, signature: string | undefined): boolean;
  twiml(callId: string): string;
  /** Twilio's incoming-call webhook (the number's "A call comes in" URL): TwiML answering or refusing the call. */
  incoming(params: Record<string, string>): Promise<string>;
  onStatus(callId: string, params: Record<string, string>): void;
  onAmd(callId: string, params: Record<string, string>): void;
  acceptMedia(socket: WebSocket): void;
};

export type TwilioTelephony = Telephony & { webhooks: TwilioWebhooks };

type Pending = { call: MediaStreamLeg; callSid: string | null; attached?: boolean };
const attached = (p: Pending) => p.attached === true;

const ENDING_STATUS: Record<string, EndReason> = {
  "no-answer": "no_answer",
  busy: "busy",
  failed: "failed",
  canceled: "cancelled",
  completed: "completed",
};

type Context = {
  cfg: TwilioTelephonyConfig;
  base: string;
  wsBase: string;
  hookPath: string;
  pending: Map<string, Pending>;
  incoming: IncomingCallHandler | null;
};

/** What a caller hears when the call is refused: said, not a bare busy tone, so they know to try again. */
const REFUSALS: Record<Extract<IncomingAnswer, { refuse: unknown }>["refuse"], string> = {
  busy: "Sorry, all our lines are busy right now. Please call again in a few minutes. Goodbye.",
  closed: "Sorry, we are not taking calls on this line right now. Please try again later. Goodbye.",
  unknown: "Sorry, this number is not in service. Goodbye.",
};

/** Outbound calls over Twilio: REST to place them, Media Streams for audio, webhooks for status and AMD. */
export function createTwilioTelephony(cfg: TwilioTelephonyConfig): TwilioTelephony {
  const base = cfg.publicUrl.replace(/\/$/, "");
  const ctx: Context = {
    cfg,
    base,
    wsBase: base.replace(/^http/, "ws"),
    hookPath: cfg.webhookPath ?? "/api/telephony/twilio",
    pending: new Map(),
    incoming: null,
  };
  return {
    name: "twilio",
    dial: (req) => dialTwilio(ctx, req),
    webhooks: createWebhooks(ctx),
    onIncoming(handler) {
      ctx.incoming = handler;
    },
  };
}

function hangupRemote(ctx: Context, p: Pending): void {
  if (!p.callSid) return;
  hangupTwilioCall(ctx.cfg, p.callSid).catch((err: unknown) => ctx.cfg.onError?.("Twilio hang-up failed", err));
}

/**
 * A warm transfer's second leg is a call of its own (to the person), with its own media stream, keyed apart
 * from the caller's. Parley bridges the two streams rather than updating the caller's call to <Dial>: that way
 * the agent briefs the person first, the recording keeps both sides, and when nobody answers the caller is
 * still on Parley's stream for the agent to offer a callback (a <Dial> would hand the call to Twilio for good).
 */
const legKey = (req: DialRequest) => (req.purpose === "transfer" ? `${req.callId}~transfer` : req.callId);

async function dialTwilio(ctx: Context, req: DialRequest): Promise<CallLeg> {
  const { pending, base, hookPath } = ctx;
  const key = legKey(req);
  if (pending.has(key)) throw new Error(`Call ${key} is already in progress.`);
  const forget = () => {
    if (pending.get(key) === entry) pending.delete(key);
  };
  const entry: Pending = {
    call: createMediaStreamLeg({ hangup: () => hangupRemote(ctx, entry), onEnded: forget }),
    callSid: null,
  };
  pending.set(key, entry);
  const q = `?callId=${encodeURIComponent(key)}`;
  try {
    const created = await createTwilioCall(ctx.cfg, {
      to: req.to,
      from: ctx.cfg.from,
      twimlUrl: `${base}${hookPath}/twiml${q}`,
      statusCallbackUrl: `${base}${hookPath}/status${q}`,
      amdCallbackUrl: `${base}${hookPath}/amd${q}`,
    }); // no abort mid-request: Twilio may have placed the call anyway; an abort hangs it up below
    entry.callSid = created.sid;
  } catch (err) {
    forget();
    throw err;
  }
  const onAbort = () => {
    if (entry.call.ended) return;
    hangupRemote(ctx, entry);
    entry.call.end("cancelled");
  };
  if (req.signal.aborted) onAbort();
  else req.signal.addEventListener("abort", onAbort, { once: true });
  return entry.call.leg;
}

function createWebhooks(ctx: Context): TwilioWebhooks {
  const { cfg, base, wsBase, hookPath, pending } = ctx;
  return {
    verifyWebhook: (pathAndQuery, params, signature) =>
      verifyTwilioSignature(cfg.authToken, base + pathAndQuery, params, signature),
    verifyMediaHandshake: (pathAndQuery, signature) =>
      verifyTwilioSignature(cfg.authToken, wsBase + pathAndQuery, {}, signature),
    twiml(callId) {
      // A call Parley no longer tracks (cancelled, restarted server) is hung up rather than left silent.
      if (!pending.has(callId)) return hangupTwiml();
      return connectStreamTwiml(`${wsBase}${hookPath}/media`, { callId });
    },
    async incoming(params) {
      const callSid = params.CallSid ?? "";
      if (!ctx.incoming || !/^CA[0-9a-f]{32}$/i.test(callSid)) return sayAndHangupTwiml(REFUSALS.closed);
      const decision = await ctx.incoming({
        to: params.To ?? params.Called ?? "",
        from: params.From ?? params.Caller ?? "",
      });
      if ("refuse" in decision) return sayAndHangupTwiml(REFUSALS[decision.refuse]);
      // The caller's media stream names the call by this key, as a placed call's does by Parley's call id.
      const key = `inbound-${callSid}`;
      const entry: Pending = {
        call: createMediaStreamLeg({
          hangup: () => hangupRemote(ctx, entry),
          onEnded: () => pending.get(key) === entry && pending.delete(key),
        }),
        callSid,
      };
      pending.set(key, entry);
      decision.answer(entry.call.leg);
      // A caller who hangs up before Twilio opens the stream leaves nothing to end the leg: a timer does.
      const never = setTimeout(
        () => {
          if (pending.get(key) === entry && !attached(entry))
            entry.call.end("failed", "Twilio never opened the caller's media stream.");
        },
        3 * (cfg.startTimeoutMs ?? 10_000),
      );
      never.unref();
      return connectStreamTwiml(`${wsBase}${hookPath}/media`, { callId: key });
    },
    onStatus(callId, params) {
      const p = pending.get(callId);
      const reason = ENDING_STATUS[params.CallStatus ?? ""];
      if (!p || !reason) return;
      const sip = params.SipResponseCode ? ` (SIP ${params.SipResponseCode})` : "";
      p.call.end(reason, reason === "completed" ? undefined : `Twilio: ${params.CallStatus}${sip}`);
    },
    onAmd(callId, params) {
      pending.get(callId)?.call.emit({ type: "amd", result: amdResult(params.AnsweredBy) });
    },
    acceptMedia: (socket) => acceptMediaSocket(socket, pending, cfg.startTimeoutMs ?? 10_000),
  };
}

/** Twilio's AnsweredBy: human, machine_start, machine_end_beep|silence|other, fax, unknown. */
export function amdResult(answeredBy: string | undefined): Extract<LegEvent, { type: "amd" }>["result"] {
  if (answeredBy === "human") return "human";
  if (answeredBy?.startsWith("machine") || answeredBy === "fax") return "machine";
  return "unknown";
}

// The socket says which call it carries only in its `start` message (customParameters.callId).
function acceptMediaSocket(socket: WebSocket, pending: Map<string, Pending>, timeoutMs: number): void {
  const timer = setTimeout(() => socket.close(1008, "no start message"), timeoutMs);
  const onMessage = (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const msg = isBinary ? null : parseMediaMessage(data.toString());
    if (msg?.event !== "start") return;
    clearTimeout(timer);
    socket.off("message", onMessage);
    const callId = msg.start.customParameters?.callId ?? "";
    const p = pending.get(callId);
    if (!p || p.call.ended) return void socket.close(1008, "unknown call");
    p.callSid ??= msg.start.callSid ?? null;
    p.attached = true;
    p.call.attach(socket, msg);
  };
  socket.on("message", onMessage);
  socket.on("close", () => clearTimeout(timer));
}
