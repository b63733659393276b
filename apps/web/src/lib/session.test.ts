/// <reference types="node" />
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { session } from "./session.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

beforeEach(() => {
  Object.defineProperty(globalThis, "localStorage", { value: memoryStorage(), configurable: true });
  Object.defineProperty(globalThis, "sessionStorage", { value: memoryStorage(), configurable: true });
});

test("signed out: no token, and the menu's slug falls back to the product's own", () => {
  assert.equal(session.isSignedIn(), false);
  assert.equal(session.orgSlug(), "parley");
});

test("a sign-in answer stores tokens and the org, with the slug in both storages", () => {
  const slug = session.store({
    access_token: "a",
    refresh_token: "r",
    organizationName: "Acme Realty",
    user: { organization_slug_name: "acme-realty-2" },
  });
  assert.equal(slug, "acme-realty-2");
  assert.equal(localStorage.getItem("authToken"), "a");
  assert.equal(localStorage.getItem("refreshToken"), "r");
  assert.equal(localStorage.getItem("organizationName"), "Acme Realty");
  assert.equal(localStorage.getItem("organizationSlug"), "acme-realty-2");
  assert.equal(sessionStorage.getItem("organizationSlug"), "acme-realty-2");
  assert.equal(session.isSignedIn(), true);
});

test("without a server slug the org name is slugged as the spec says (lowercase, spaces to hyphens)", () => {
  assert.equal(
    session.store({ access_token: "a", refresh_token: null, organizationName: "Marie's Org" }),
    "marie-s-org",
  );
  assert.equal(localStorage.getItem("refreshToken"), null, "a missing refresh token is not stored");
});

test("the menu reads the slug from session storage first; clear signs out everywhere", () => {
  session.store({
    access_token: "a",
    refresh_token: "r",
    organizationName: "Acme",
    user: { organization_slug_name: "acme" },
  });
  sessionStorage.setItem("organizationSlug", "tab-org");
  assert.equal(session.orgSlug(), "tab-org");
  session.clear();
  assert.equal(session.isSignedIn(), false);
  assert.equal(localStorage.length + sessionStorage.length, 0);
});
