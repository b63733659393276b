import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../tests/support/test-db.ts";

const METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH"]);
/** The reference itself (the document and the page's files) is not part of the API it describes. */
const isReference = (url: string) => url === "/api/openapi.json" || url === "/api/docs" || url.startsWith("/api/docs/");
/** WebSockets, which OpenAPI cannot describe (@fastify/websocket hides them); the document's description names them. */
const WEBSOCKETS = new Set(["/api/media/web", "/api/media/listen", "/api/telephony/twilio/media"]);

for (const kind of await routeDbKinds()) {
  describe(`the API reference (${kind})`, () => {
    let t: TestApp;
    let doc: any;
    before(async () => {
      // Twilio on, so its webhooks are registered routes the document must hold too.
      t = await startTestApp(kind, {
        env: {
          TELEPHONY: "twilio",
          TWILIO_ACCOUNT_SID: "AC1",
          TWILIO_AUTH_TOKEN: "t",
          TWILIO_FROM: "+15005550006",
          PUBLIC_URL: "https://parley.example",
          TWILIO_API_BASE: "http://127.0.0.1:9",
        },
      });
      const res = await t.request("GET", "/api/openapi.json");
      assert.equal(res.status, 200);
      doc = res.body;
    });
    after(() => t.close());

    test("/api/openapi.json is a valid OpenAPI document", async () => {
      const result = await new Validator().validate(structuredClone(doc));
      assert.deepEqual(result.errors ?? [], []);
      assert.equal(result.valid, true);
    });

    test("every registered API route is an operation with a summary, a tag and an error answer", () => {
      const routes = t.services.auth.roleGuard.routes.filter(
        (r) => r.url.startsWith("/api/") && METHODS.has(r.method) && !isReference(r.url) && !WEBSOCKETS.has(r.url),
      );
      assert.ok(routes.length > 90, `the guard saw ${routes.length} API routes`);
      const wrong: string[] = [];
      for (const { method, url } of routes) {
        const op = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];
        if (!op) wrong.push(`${method} ${url} is missing`);
        else if (!op.summary)
          wrong.push(`${method} ${url} has no summary (apps/server/src/http/openapi-operations.ts)`);
        else if (!op.tags?.length || op.responses["4XX"]?.$ref !== "#/components/responses/Error")
          wrong.push(`${method} ${url} lacks its tag or error answer`);
      }
      assert.deepEqual(wrong, []);
    });

    test("bodies come from the shared schemas; both auth schemes are described; public routes need none", () => {
      for (const url of WEBSOCKETS) assert.ok(doc.info.description.includes(url), url);
      const login = doc.paths["/api/auth/login"].post;
      assert.ok(login.requestBody.content["application/json"].schema.properties.password);
      assert.ok(login.responses["200"].content["application/json"].schema.properties.access_token);
      assert.deepEqual(login.security, []);
      assert.equal(
        doc.paths["/api/campaigns"].get.security,
        undefined,
        "signed-in routes take the document's security",
      );
      assert.deepEqual(doc.security, [{ bearerAuth: [] }, { apiKey: [] }]);
      assert.equal(doc.components.securitySchemes.bearerAuth.bearerFormat, "JWT");
      assert.match(doc.components.securitySchemes.apiKey.description, /pk_/);
      assert.deepEqual(doc.components.schemas.Error.properties.error.required, ["code", "message"]);
      assert.equal(doc.paths["/api/call-history/export"].get.responses["200"].content["text/csv"] !== undefined, true);
      // Settings bodies are validated in their service; the document still shows them from the shared schemas.
      const body = (path: string, method: string) =>
        doc.paths[path][method].requestBody.content["application/json"].schema;
      assert.ok(body("/api/settings/organization", "put").properties.business_hours_start);
      assert.ok(body("/api/settings/profile", "put").properties.email);
      assert.deepEqual(body("/api/settings/profile/password", "post").required, ["current_password", "new_password"]);
      assert.ok(
        doc.paths["/api/settings/organization"].get.responses["200"].content["application/json"].schema.properties
          .settings,
      );
    });

    test("/api/docs is a page whose scripts and styles are files of this server, allowed by its CSP", async () => {
      const page = await t.request("GET", "/api/docs");
      assert.equal(page.status, 200);
      assert.match(page.headers.get("content-type") ?? "", /text\/html/);
      const csp = page.headers.get("content-security-policy") ?? "";
      assert.match(csp, /script-src 'self'/);
      const sources = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(
        sources.some((s) => s.endsWith("swagger-ui-bundle.js")),
        page.text,
      );
      for (const src of sources) {
        const url = new URL(src, `${t.baseUrl}/api/docs`);
        assert.equal(url.origin, t.baseUrl, `${src} is served here`);
        const res = await fetch(url);
        assert.equal(res.status, 200, `${src} answers`);
        await res.arrayBuffer();
      }
      const spec = await t.request("GET", "/api/docs/json");
      assert.equal(spec.body.info.title, "Parley API");
    });
  });
}
