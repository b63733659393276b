import path from "node:path";
import { z } from "zod";

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
  DEMO: z.enum(["0", "1"]).default("1"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  CORS_ORIGINS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  // Knowledge base: TEST ONLY switch letting URL uploads reach private addresses (the test server on 127.0.0.1).
  KB_ALLOW_PRIVATE_URLS: z.enum(["0", "1"]).default("0"),
  // Optional OpenAI-compatible embeddings for the knowledge base; full-text search works without them.
  EMBEDDINGS_BASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  EMBEDDINGS_MODEL: z.string().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  webDist: string;
  kbAllowPrivateUrls: boolean;
  embeddings: { baseUrl: string; model: string; apiKey: string | undefined } | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO === "1",
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    corsOrigins: e.CORS_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL("../../../web/dist", import.meta.url).pathname),
    kbAllowPrivateUrls: e.KB_ALLOW_PRIVATE_URLS === "1",
    embeddings:
      e.EMBEDDINGS_BASE_URL && e.EMBEDDINGS_MODEL
        ? { baseUrl: e.EMBEDDINGS_BASE_URL, model: e.EMBEDDINGS_MODEL, apiKey: e.EMBEDDINGS_API_KEY || undefined }
        : null,
  };
}
