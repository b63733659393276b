import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseStorageUrl, type StorageChoice } from "./storage-url.ts";

/** Settings that cannot start the app: the message lists each one and what it must be. */
export class ConfigError extends Error {}

/** The only place that reads process.env: validated once at start, with a list of what is wrong. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Where files live: file:///folder, postgres, or s3://bucket?endpoint=…
  // (unset: PostgreSQL with DATABASE_URL, else DATA_DIR/files).
  STORAGE_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_REGION: z.string().optional(),
  // Unset: no /metrics route. Set: Prometheus scrapes /metrics with `Authorization: Bearer <METRICS_TOKEN>`.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DEMO: z.enum(["0", "1"]).default("1"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  CORS_ORIGINS: z.string().default(""),
  // Which reverse proxies may say who the client is (X-Forwarded-For): a hop count or a list of addresses/CIDRs.
  TRUST_PROXY: z
    .string()
    .default("")
    .refine(validTrustProxy, "must be empty, a hop count (1, 2…) or comma-separated addresses/CIDRs of your proxies"),
  // Accounts and organisations one client may create per hour (per address; organisations also per user).
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  ORG_CREATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  // Requests one API key may make per minute (per API process).
  API_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  // Knowledge base: TEST ONLY switch letting URL uploads reach private addresses (the test server on 127.0.0.1).
  KB_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
  // Webhooks: TEST ONLY switch letting endpoints be private addresses (the test receiver on 127.0.0.1).
  WEBHOOKS_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
  // Meeting invitations by email: unset SMTP_URL sends none (the calendar says so).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com:465")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_FROM: z
    .string()
    .regex(
      /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/,
      "must be an email address, optionally with a name: Parley <meetings@example.com>",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Each uploaded document is read in a child process of its own with this heap limit and deadline.
  KB_EXTRACT_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(512),
  KB_EXTRACT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // Optional OpenAI-compatible embeddings for the knowledge base; full-text search works without them.
  EMBEDDINGS_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  // The voice agent. Every default runs offline with no account.
  TELEPHONY: z.enum(["simulated", "twilio", "sip"]).default("simulated"),
  // Twilio (TELEPHONY=twilio): PUBLIC_URL is where Twilio reaches this server (its webhooks and media socket).
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z.string().url().default("https://api.twilio.com"),
  // SIP trunk (TELEPHONY=sip): Parley's own user agent over UDP; sipConfig() checks how they fit together.
  SIP_TRUNK: z
    .string()
    .regex(/^sip:[^\s;?]+(;transport=(udp|tcp))?$/i, "must be sip:host[:port], optionally ;transport=tcp")
    .optional(),
  SIP_USERNAME: z.string().optional(),
  SIP_PASSWORD: z.string().optional(),
  SIP_REGISTER: z.enum(["0", "1"]).default("0"),
  // 1: INVITEs from the trunk's addresses are taken without a digest
  // challenge (providers that authenticate by address).
  SIP_TRUST_TRUNK: z.enum(["0", "1"]).default("0"),
  SIP_BIND: z.string().default("0.0.0.0:5060"),
  SIP_PUBLIC_HOST: z.string().optional(),
  RTP_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, "must be a range such as 10000-20000")
    .default("10000-20000"),
  SIP_FROM: z
    .string()
    .regex(/^(\+?[\w.-]+|sip:\S+)$/, "must be a number, a user name or a sip: URI")
    .optional(),
  SIP_RING_SECONDS: z.coerce.number().int().min(5).max(300).default(45),
  SIP_RTP_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  // A key the callee presses to be put on the do-not-call list (the call then ends); unset: none.
  DTMF_OPT_OUT_DIGIT: z
    .string()
    .regex(/^[0-9*#]$/, "must be one key: 0-9, * or #")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, "must be an http(s):// URL")
    .optional(),
  STT_PROVIDER: z.enum(["pocketsphinx", "deepgram", "openai"]).default("pocketsphinx"),
  // 1: the offline recognisers load their models at start, so the first call's words do not queue behind them.
  STT_WARM_UP: z.enum(["0", "1"]).default("1"),
  STT_API_KEY: z.string().optional(),
  STT_BASE_URL: z.string().url().optional(),
  STT_MODEL: z.string().optional(),
  LLM_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  TTS_PROVIDER: z.enum(["offline", "elevenlabs", "openai"]).default("offline"),
  TTS_API_KEY: z.string().optional(),
  TTS_BASE_URL: z.string().url().optional(),
  TTS_MODEL: z.string().optional(),
  DEFAULT_VOICE_ID: z.string().default("flite:rms"),
  RECORD_CALLS: z.enum(["0", "1"]).default("1"),
  // 1: `npm start` also runs the dialer (0 leaves dialling to `npm run worker` processes).
  DIALER: z.enum(["0", "1"]).default("1"),
  SIMULATED_RING_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // The folder of WAV files a simulated callee may play (`play:<file>` persona steps); unset, they are refused.
  SIMULATED_AUDIO_DIR: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // instant: no speech engines (tone voices, every reply heard as "ok bye") for load and many-worker tests.
  VOICE_MODE: z.enum(["live", "instant"]).default("live"),
  // Admission control (docs/capacity.md): 1 places and answers only the calls this process can serve in real time.
  CALL_ADMISSION: z.enum(["0", "1"]).default("1"),
  // What a live call is taken to cost, in cores, until running calls have been measured (npm run bench -- load).
  CALL_CPU_CORES: z.coerce.number().min(0.01).max(8).default(0.25),
  // A ceiling of live calls per process, whatever the CPU allows (unset: the CPU decides).
  MAX_CALLS_PER_PROCESS: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .refine((v) => v === undefined || (Number.isInteger(v) && v >= 1), "must be a whole number of at least 1"),
  // A dead worker's calls come back to the queue after this long without a heartbeat.
  DIALER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  // Conversation minutes a new organisation starts with (its free trial); calls stop when they are spent.
  TRIAL_MINUTES: z.coerce.number().int().min(0).max(100_000).default(30),
  // Integrations (the team's CalDAV calendar): the key that encrypts their passwords at rest, 32 bytes as
  // base64 or hex (openssl rand -base64 32). Required when NODE_ENV=production; elsewhere a fixed development key.
  INTEGRATIONS_KEY: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined))
    .refine(
      (v) => v === undefined || integrationsKeyBytes(v) !== null,
      "must be 32 bytes as base64 or 64 hex digits (openssl rand -base64 32)",
    ),
  NODE_ENV: z.string().optional(),
  // TEST ONLY (or a calendar server on your own network): lets integrations reach private addresses.
  INTEGRATIONS_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
  // HubSpot's API host (CRM import, Settings → Integrations); tests point it at a local server.
  HUBSPOT_BASE_URL: z.string().url().default("https://api.hubapi.com"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where uploaded and generated files live (platform/storage-select.ts builds the store). */
  storage: StorageChoice;
  /** The bearer token GET /metrics asks for; null: no /metrics route. */
  metricsToken: string | null;
  demo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  corsOrigins: string[];
  /** Fastify's trustProxy: false (the socket's address is the client), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  rateLimits: { signupPerHour: number; orgCreatePerHour: number; apiKeyPerMinute: number };
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  webDist: string;
  kbAllowPrivateUrls: boolean;
  webhooksAllowPrivateUrls: boolean;
  /** PUBLIC_URL when set: makes links sent to other systems (webhook recording URLs) absolute. */
  publicUrl: string | null;
  /** HUBSPOT_BASE_URL without a trailing slash. */
  hubspotBaseUrl: string;
  kbExtractLimits: { memoryMb: number; timeoutMs: number };
  /** SMTP_URL and SMTP_FROM; null: meeting invitations are not sent. */
  smtp: { url: string; from: string } | null;
  embeddings: { baseUrl: string; model: string; apiKey: string | undefined } | null;
  voice: VoiceConfig;
  /** Conversation minutes a new organisation starts with. */
  trialMinutes: number;
  /** AES-256-GCM key of integration credentials; `devDefault` when INTEGRATIONS_KEY is unset outside production. */
  integrations: { key: Buffer; devDefault: boolean; allowPrivateUrls: boolean };
};

type ProviderSettings = { apiKey: string | undefined; baseUrl: string | undefined; model: string | undefined };
export type TwilioConfig = { accountSid: string; authToken: string; from: string; publicUrl: string; apiBase: string };
export type HostPort = { host: string; port: number };
export type SipConfig = {
  /** No port: the trunk's domain, found through its SRV records (RFC 3263). */
  trunk: { host: string; port: number | null };
  transport: "udp" | "tcp";
  /** SIP_TRUST_TRUNK: the trunk's INVITEs are taken unauthenticated; otherwise every INVITE is challenged. */
  trustTrunk: boolean;
  username: string | null;
  password: string | null;
  register: boolean;
  bind: HostPort;
  publicHost: string;
  rtpPorts: { min: number; max: number };
  from: string | null;
  ringTimeoutMs: number;
  silenceTimeoutMs: number;
};
export type VoiceConfig = {
  telephony: "simulated" | "twilio" | "sip";
  /** Set when TELEPHONY=twilio (loadConfig refuses to start without every field). */
  twilio: TwilioConfig | null;
  /** Set when TELEPHONY=sip. */
  sip: SipConfig | null;
  /** The key that opts the callee out (DTMF_OPT_OUT_DIGIT). */
  dtmfOptOutDigit: string | null;
  stt: { provider: "pocketsphinx" | "deepgram" | "openai" } & ProviderSettings;
  /** The recognisers' models are loaded at start (STT_WARM_UP). */
  sttWarmUp: boolean;
  llm: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  tts: { provider: "offline" | "elevenlabs" | "openai" } & ProviderSettings;
  defaultVoiceId: string;
  recordCalls: boolean;
  dialer: boolean;
  simulatedRingMs: number;
  /** Absolute folder of the WAV files `play:` steps read; null refuses them. */
  simulatedAudioDir: string | null;
  instant: boolean;
  dialerLeaseMs: number;
  /** Admission control: on or off, a call's cost before one is measured (cores), a ceiling of calls (or null). */
  admission: { enabled: boolean; startCallCores: number; maxCalls: number | null };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const storage = parseStorageUrl(e);
  if ("error" in storage) throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${storage.error}`);
  const twilio = twilioConfig(e);
  const sip = sipConfig(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storage,
    metricsToken: e.METRICS_TOKEN ?? null,
    demo: e.DEMO === "1",
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    corsOrigins: e.CORS_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      signupPerHour: e.SIGNUP_LIMIT_PER_HOUR,
      orgCreatePerHour: e.ORG_CREATE_LIMIT_PER_HOUR,
      apiKeyPerMinute: e.API_KEY_LIMIT_PER_MINUTE,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL("../../../web/dist", import.meta.url).pathname),
    kbAllowPrivateUrls: e.KB_ALLOW_PRIVATE_URLS === "1",
    webhooksAllowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS === "1",
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    hubspotBaseUrl: e.HUBSPOT_BASE_URL.replace(/\/+$/, ""),
    kbExtractLimits: { memoryMb: e.KB_EXTRACT_MEMORY_MB, timeoutMs: e.KB_EXTRACT_TIMEOUT_SECONDS * 1000 },
    smtp: smtpConfig(e),
    embeddings:
      e.EMBEDDINGS_BASE_URL && e.EMBEDDINGS_MODEL
        ? { baseUrl: e.EMBEDDINGS_BASE_URL, model: e.EMBEDDINGS_MODEL, apiKey: e.EMBEDDINGS_API_KEY || undefined }
        : null,
    voice: {
      telephony: e.TELEPHONY,
      twilio,
      sip,
      dtmfOptOutDigit: e.DTMF_OPT_OUT_DIGIT ?? null,
      stt: { provider: e.STT_PROVIDER, apiKey: e.STT_API_KEY, baseUrl: e.STT_BASE_URL, model: e.STT_MODEL },
      sttWarmUp: e.STT_WARM_UP === "1",
      llm: e.LLM_BASE_URL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY || undefined, model: e.LLM_MODEL ?? "gpt-4o-mini" }
        : null,
      tts: { provider: e.TTS_PROVIDER, apiKey: e.TTS_API_KEY, baseUrl: e.TTS_BASE_URL, model: e.TTS_MODEL },
      defaultVoiceId: e.DEFAULT_VOICE_ID,
      recordCalls: e.RECORD_CALLS === "1",
      dialer: e.DIALER === "1",
      simulatedRingMs: e.SIMULATED_RING_MS,
      simulatedAudioDir: e.SIMULATED_AUDIO_DIR ? path.resolve(e.SIMULATED_AUDIO_DIR) : null,
      instant: e.VOICE_MODE === "instant",
      dialerLeaseMs: e.DIALER_LEASE_SECONDS * 1000,
      admission: {
        enabled: e.CALL_ADMISSION === "1",
        startCallCores: e.CALL_CPU_CORES,
        maxCalls: e.MAX_CALLS_PER_PROCESS ?? null,
      },
    },
    trialMinutes: e.TRIAL_MINUTES,
    integrations: integrationsConfig(e),
  };
}

/** Invitations need both: where to send through and whom they come from (the ICS organiser). */
function smtpConfig(e: z.infer<typeof EnvSchema>): Config["smtp"] {
  if (!e.SMTP_URL) return null;
  if (!e.SMTP_FROM)
    throw new ConfigError(
      "Invalid configuration:\n  SMTP_FROM: is required with SMTP_URL (the address invitations come from)",
    );
  return { url: e.SMTP_URL, from: e.SMTP_FROM };
}

/**
 * No "trust everything" value on purpose: then any client could name its own address in X-Forwarded-For
 * and walk past the per-address sign-in limits.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === "" || v === "0") return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function validTrustProxy(value: string): boolean {
  const v = value.trim();
  if (v === "" || /^\d+$/.test(v)) return true;
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .every((entry) => {
      const [ip, bits, ...rest] = entry.split("/");
      const family = net.isIP(ip ?? "");
      if (!family || rest.length) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    });
}

function twilioConfig(e: z.infer<typeof EnvSchema>): TwilioConfig | null {
  if (e.TELEPHONY !== "twilio") return null;
  const required = {
    TWILIO_ACCOUNT_SID: e.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: e.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: e.TWILIO_FROM,
    PUBLIC_URL: e.PUBLIC_URL,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => `  ${k}: required when TELEPHONY=twilio`);
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join("\n")}`);
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    publicUrl: e.PUBLIC_URL!,
    apiBase: e.TWILIO_API_BASE,
  };
}

/** 32 key bytes from base64 or hex, or null when the text is neither. */
function integrationsKeyBytes(v: string): Buffer | null {
  const t = v.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(t)
    ? Buffer.from(t, "hex")
    : /^[A-Za-z0-9+/_-]+=*$/.test(t)
      ? Buffer.from(t, "base64")
      : null;
  return bytes?.length === 32 ? bytes : null;
}

/**
 * Without INTEGRATIONS_KEY a development server still starts, with a fixed key that is public (this file):
 * fine for trying Parley, never for real passwords, so production refuses to start without one.
 */
function integrationsConfig(e: z.infer<typeof EnvSchema>): Config["integrations"] {
  const allowPrivateUrls = e.INTEGRATIONS_ALLOW_PRIVATE_URLS === "1";
  if (e.INTEGRATIONS_KEY)
    return { key: integrationsKeyBytes(e.INTEGRATIONS_KEY)!, devDefault: false, allowPrivateUrls };
  if (e.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  INTEGRATIONS_KEY: required when NODE_ENV=production (openssl rand -base64 32)",
    );
  }
  return { key: Buffer.from("parley-dev-integrations-key-0001"), devDefault: true, allowPrivateUrls };
}

function sipConfig(e: z.infer<typeof EnvSchema>): SipConfig | null {
  if (e.TELEPHONY !== "sip") return null;
  const problems: string[] = [];
  const transport = /;transport=tcp$/i.test(e.SIP_TRUNK ?? "") ? "tcp" : "udp";
  const trunk = e.SIP_TRUNK
    ? parseHostPort(
        e.SIP_TRUNK.replace(/^sip:/i, "")
          .replace(/^[^@]*@/, "")
          .replace(/;.*$/, ""),
        null,
      )
    : null;
  if (!e.SIP_TRUNK) problems.push("SIP_TRUNK: required when TELEPHONY=sip (the provider's or PBX's sip:host[:port])");
  else if (!trunk) problems.push("SIP_TRUNK: must be sip:host or sip:host:port");
  if (!e.SIP_USERNAME !== !e.SIP_PASSWORD)
    problems.push("SIP_USERNAME / SIP_PASSWORD: set both (digest authentication) or neither");
  if (e.SIP_REGISTER === "1" && !e.SIP_USERNAME)
    problems.push("SIP_REGISTER: registering needs SIP_USERNAME and SIP_PASSWORD");
  const bind = parseHostPort(e.SIP_BIND, 5060);
  if (!bind || !net.isIP(bind.host)) problems.push("SIP_BIND: must be an IP address and port, e.g. 0.0.0.0:5060");
  const [min, max] = e.RTP_PORTS.split("-").map(Number) as [number, number];
  if (!(min >= 1024 && max <= 65535 && max - min >= 1))
    problems.push("RTP_PORTS: must be a range within 1024-65535, e.g. 10000-20000");
  const wildcard = !bind || bind.host === "0.0.0.0" || bind.host === "::";
  const publicHost = e.SIP_PUBLIC_HOST?.trim() || (wildcard ? firstExternalAddress() : bind!.host);
  if (!publicHost) problems.push("SIP_PUBLIC_HOST: required (no network address found to put in Contact and SDP)");
  else if (/[\s;<>@]/.test(publicHost)) problems.push("SIP_PUBLIC_HOST: must be a host name or IP address");
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return {
    trunk: trunk!,
    transport,
    trustTrunk: e.SIP_TRUST_TRUNK === "1",
    username: e.SIP_USERNAME || null,
    password: e.SIP_PASSWORD || null,
    register: e.SIP_REGISTER === "1",
    bind: bind!,
    publicHost: publicHost!,
    rtpPorts: { min, max },
    from: e.SIP_FROM || null,
    ringTimeoutMs: e.SIP_RING_SECONDS * 1000,
    silenceTimeoutMs: e.SIP_RTP_TIMEOUT_SECONDS * 1000,
  };
}

function parseHostPort<P extends number | null>(
  value: string,
  defaultPort: P,
): { host: string; port: number | P } | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!m) return null;
  const port = m[2] ? Number(m[2]) : defaultPort;
  return port === null || port <= 65535 ? { host: m[1]!.replace(/^\[|\]$/g, ""), port } : null;
}

/** The first non-loopback IPv4 address: what Contact and SDP carry when SIP_BIND listens on every interface. */
function firstExternalAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  return null;
}
