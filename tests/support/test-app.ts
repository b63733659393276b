import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../apps/server/src/platform/config.ts";
import type { Clock } from "../../apps/server/src/platform/clock.ts";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { createLogger } from "../../apps/server/src/platform/logger.ts";
import { createServer } from "../../apps/server/src/entry/server.ts";
import type { Services } from "../../apps/server/src/entry/wire.ts";
import type { VoiceProviders } from "../../apps/server/src/features/calls/call-runner.ts";
import { openTestDb, type DbKind } from "./test-db.ts";

export type TestApp = {
  kind: DbKind;
  baseUrl: string;
  db: Db;
  /** The PostgreSQL database's URL, for extra processes (undefined on PGlite). */
  url?: string;
  app: FastifyInstance;
  services: Services;
  config: Config;
  /** fetch against the running server; JSON bodies are encoded, JSON answers decoded into `body`. */
  request<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
};
export type TestResponse<T> = { status: number; headers: Headers; body: T; text: string };

export const UNLIMITED_SIGNUPS = { SIGNUP_LIMIT_PER_HOUR: "1000000", ORG_CREATE_LIMIT_PER_HOUR: "1000000" };

/** Starts the real HTTP server on a random port over a fresh database of the given kind. */
export async function startTestApp(
  kind: DbKind,
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    voice?: VoiceProviders;
    pgliteDir?: string;
    /** Whole calls: the recognisers' models are loaded before the test's first call, as `npm start` does. */
    warmRecognizers?: boolean;
  } = {},
): Promise<TestApp> {
  const { db, drop, url } = await openTestDb(kind, opts.pgliteDir);
  // Every test registers its users from 127.0.0.1: the hourly sign-up limits are lifted unless a test sets them.
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO: "0",
    WEB_DIST: "/nonexistent",
    // Tests share a loaded machine: admission control (docs/capacity.md) would hold their calls back for the
    // others' load. Tests of admission itself turn it on.
    CALL_ADMISSION: "0",
    ...UNLIMITED_SIGNUPS,
    ...opts.env,
  });
  const { app, services } = await createServer({
    config,
    db,
    logger: createLogger(config),
    clock: opts.clock,
    voice: opts.voice,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  if (opts.warmRecognizers) await services.calls.warmUp();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    kind,
    baseUrl,
    db,
    url,
    app,
    services,
    config,
    request: httpClient(baseUrl).request,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** JSON over HTTP to a server at `baseUrl` (this process's test app or another process's). */
export function httpClient(baseUrl: string): Pick<TestApp, "request"> {
  return {
    async request(
      method: string,
      path: string,
      o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: BodyInit | undefined;
      // A Blob (e.g. a WAV) is sent as it is, with its own type.
      if (o.body instanceof FormData || o.body instanceof Blob || typeof o.body === "string") body = o.body;
      else if (o.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(o.body);
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      if (res.headers.get("content-type")?.includes("application/json") && text) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
  };
}

export type TestUser = {
  token: string;
  refreshToken: string;
  userId: string;
  orgId: string;
  orgSlug: string;
  email: string;
  username: string;
  password: string;
};

/** A valid sign-up body (a user and their organisation); `n` makes the email, username and names unique. */
export function registration(n: string) {
  return {
    first_name: "Ada",
    last_name: "Lovelace",
    email: `ada.${n}@example.com`,
    username: `ada_${n}`,
    phone: "+14155550123",
    password: "correct horse battery",
    confirm_password: "correct horse battery",
    organization_name: `Acme ${n}`,
    organization_website: "https://acme.example",
    organization_contact_email: `ops.${n}@acme.example`,
    organization_contact_phone: "+14155550124",
    organization_address: "1 Infinite Loop",
    auth_provider: "password",
  };
}

/** Registers a user with their own organisation through the API and signs them in. */
export async function buildUser(
  t: Pick<TestApp, "request">,
  overrides: Partial<Record<string, string>> = {},
): Promise<TestUser> {
  const payload = { ...registration(crypto.randomBytes(4).toString("hex")), ...overrides };
  const reg = await t.request("POST", "/api/auth/register", { body: payload });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  const login = await t.request("POST", "/api/auth/login", {
    body: { email_or_username: payload.username, password: payload.password, refresh: true },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return {
    token: login.body.access_token,
    refreshToken: login.body.refresh_token,
    userId: login.body.user.id,
    orgId: login.body.user.organization_id,
    orgSlug: login.body.user.organization_slug_name,
    email: payload.email!,
    username: payload.username!,
    password: payload.password!,
  };
}
