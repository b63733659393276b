/// <reference types="node" />
import assert from "node:assert/strict";
import { beforeEach, mock, test } from "node:test";
import { z } from "zod";
import { api } from "./api-client.ts";
import { ApiRequestError } from "./api-error.ts";

/** The browser globals the client touches, in memory. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[] = [];
let assigned: string[] = [];

function define(name: string, value: unknown) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });
const loginAnswer = (access: string, refresh: string) => ({
  access_token: access,
  refresh_token: refresh,
  token_type: "Bearer",
  expires_in: 900,
  organizationName: "Acme Realty",
  organization_name: "Acme Realty",
  user: {
    id: "u1",
    email: "a@acme.test",
    username: "a",
    first_name: "A",
    last_name: "B",
    role: "owner",
    organization_id: "o1",
    organization_name: "Acme Realty",
    organization_slug_name: "acme-realty",
  },
});

/** Answers each request with `handler`, recording what was sent. */
function serve(handler: (c: Call) => Response | Promise<Response>) {
  define("fetch", async (url: string, init: RequestInit) => {
    const c: Call = {
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(c);
    return handler(c);
  });
}

beforeEach(() => {
  calls = [];
  assigned = [];
  define("localStorage", new MemoryStorage());
  define("sessionStorage", new MemoryStorage());
  define("window", { location: { pathname: "/org/acme-realty/campaigns", assign: (to: string) => assigned.push(to) } });
  localStorage.setItem("authToken", "access-1");
  localStorage.setItem("refreshToken", "refresh-1");
  mock.restoreAll();
  mock.method(console, "warn", () => undefined);
  mock.method(console, "error", () => undefined);
});

test("sends the bearer token, the client version and JSON under /api, and parses with the schema", async () => {
  serve(() => json(200, { count: 3 }));
  const out = await api("/things", {
    method: "POST",
    body: { a: 1 },
    query: { page: 2, q: "", skip: undefined },
    schema: z.object({ count: z.number() }),
  });
  assert.deepEqual(out, { count: 3 });
  const [c] = calls;
  assert.equal(c?.url, "/api/things?page=2");
  assert.equal(c?.headers.Authorization, "Bearer access-1");
  assert.equal(c?.headers["X-Client-Version"], "1.0.0");
  assert.equal(c?.headers["Content-Type"], "application/json");
  assert.deepEqual(c?.body, { a: 1 });
});

test("an error envelope becomes an ApiRequestError with the server's status, code, message and details", async () => {
  serve(() =>
    json(400, {
      error: {
        code: "validation_failed",
        message: "Check the form.",
        details: [{ path: "name", message: "Organization name is required." }],
        requestId: "r1",
      },
    }),
  );
  const err = await api("/organizations", { method: "POST", body: {} }).catch((e: unknown) => e);
  assert.ok(err instanceof ApiRequestError);
  assert.equal(err.status, 400);
  assert.equal(err.code, "validation_failed");
  assert.equal(err.message, "Check the form.");
  assert.deepEqual(err.fieldIssues, [{ path: "name", message: "Organization name is required." }]);
});

test("403 logs 'Access denied'; an answer that does not match the schema is a bad_response", async () => {
  serve(() => json(403, { error: { code: "forbidden", message: "No.", requestId: "r" } }));
  await assert.rejects(api("/x"), (e: ApiRequestError) => e.status === 403 && e.code === "forbidden");
  assert.equal((console.warn as unknown as ReturnType<typeof mock.fn>).mock.calls[0]?.arguments[0], "Access denied");

  serve(() => json(200, { count: "three" }));
  await assert.rejects(
    api("/x", { schema: z.object({ count: z.number() }) }),
    (e: ApiRequestError) => e.code === "bad_response",
  );
});

test("concurrent 401s share one refresh, store the rotated tokens and retry once each", async () => {
  serve(async (c) => {
    if (c.url === "/api/auth/refresh") {
      assert.deepEqual(c.body, { refresh_token: "refresh-1" });
      await new Promise((r) => setTimeout(r, 10));
      return json(200, loginAnswer("access-2", "refresh-2"));
    }
    return c.headers.Authorization === "Bearer access-2"
      ? json(200, { ok: true })
      : json(401, { error: { code: "unauthenticated", message: "Expired.", requestId: "r" } });
  });
  const answers = await Promise.all([api("/a"), api("/b"), api("/c")]);
  assert.deepEqual(answers, [{ ok: true }, { ok: true }, { ok: true }]);
  assert.equal(calls.filter((c) => c.url === "/api/auth/refresh").length, 1);
  assert.equal(localStorage.getItem("authToken"), "access-2");
  assert.equal(localStorage.getItem("refreshToken"), "refresh-2");
  assert.equal(sessionStorage.getItem("organizationSlug"), "acme-realty");
  assert.deepEqual(assigned, []);
});

test("a refused refresh clears the session and sends the browser to /login", async () => {
  serve((c) =>
    json(401, {
      error: {
        code: "unauthenticated",
        message: c.url === "/api/auth/refresh" ? "Revoked." : "Expired.",
        requestId: "r",
      },
    }),
  );
  await assert.rejects(api("/a"), (e: ApiRequestError) => e.status === 401);
  assert.equal(localStorage.getItem("authToken"), null);
  assert.equal(localStorage.getItem("refreshToken"), null);
  assert.deepEqual(assigned, ["/login"]);
  assert.equal(calls.length, 2, "the request, one refresh, no retry");
});

test("auth screens skip the refresh: a wrong password stays a 401 with the server's message", async () => {
  serve(() =>
    json(401, { error: { code: "unauthenticated", message: "Invalid email/username or password.", requestId: "r" } }),
  );
  await assert.rejects(api("/auth/login", { method: "POST", body: {}, skipAuthHandling: true }), {
    message: "Invalid email/username or password.",
  });
  assert.equal(calls.length, 1);
  assert.equal(localStorage.getItem("authToken"), "access-1");
});

test("no response is a network error; a caller's cancel is passed through as an abort", async () => {
  define("fetch", async () => {
    throw new TypeError("fetch failed");
  });
  await assert.rejects(
    api("/a"),
    (e: ApiRequestError) => e.status === 0 && e.message === "Network error - no response received",
  );

  define(
    "fetch",
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      ),
  );
  const controller = new AbortController();
  const pending = api("/slow", { signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, (e: unknown) => e instanceof DOMException && e.name === "AbortError");
});
