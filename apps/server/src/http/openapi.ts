import type { SwaggerTransformObject } from "@fastify/swagger";
import type { OpenAPIV3 } from "openapi-types";
import { z } from "zod";
import { ApiError } from "@parley/shared/errors";
import { OPERATIONS } from "./openapi-operations.ts";
import { routeRule } from "./route-roles.ts";

/**
 * Completes the document @fastify/swagger builds from the routes' zod schemas with what a reader of the API
 * needs and no route schema says: summaries and feature tags, how to authenticate, which routes are public,
 * and the one error shape every failure answers with.
 */
export const OPENAPI_INFO: OpenAPIV3.InfoObject = {
  title: "Parley API",
  version: "1.0.0",
  description:
    "Every request and answer body is JSON unless an operation says otherwise. Every failure answers " +
    '`{"error": {"code", "message", "details"?, "requestId"}}` with the status of its code. Send a token as ' +
    "`Authorization: Bearer <token>`: a signed-in user's access token, or an organisation's API key. " +
    "Three WebSockets are not listed (OpenAPI cannot describe them): the audio of a browser test call " +
    "(GET /api/media/web, after POST /api/campaigns/{id}/test-call), " +
    "listening in on a live call (GET /api/media/listen, " +
    "after POST /api/calls/{id}/listen) and Twilio's media stream (GET /api/telephony/twilio/media).",
};

export const SECURITY_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A user's access token from POST /api/auth/login (or register, google, refresh). It acts as that user, " +
      "in their current organisation, with their role; it expires after minutes, refresh it with the refresh token.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "pk_…",
    description:
      "An organisation's API key (starts with `pk_`), created by an owner or admin in Settings → API keys and " +
      "sent on the same header: `Authorization: Bearer pk_…`. It acts for the organisation with an admin's rights " +
      "until it is revoked; a read key is refused (403) any change, and routes of the owner, of a user's own " +
      "account and of key management refuse keys. Each key has a per-minute limit (429 with Retry-After).",
  },
};

const ERROR_REF = { $ref: "#/components/responses/Error" };
const METHODS = ["get", "put", "post", "delete", "patch", "options", "head"] as const;

/** Feature tag of a path: its first segment after /api, with the few legacy paths put where they belong. */
export function tagOf(path: string): string {
  const segment = path.split("/")[2] ?? "";
  const legacy: Record<string, string> = {
    create_campaign: "campaigns",
    contacts: "campaigns",
    voice: "knowledge-base",
    "knowledge-base": "knowledge-base",
    "upload-prompt-enhanced": "knowledge-base",
    "call-history": "calls",
    recordings: "calls",
    media: "calls",
    "threads-above-threshold": "conversations",
    thread: "conversations",
    organizations: "auth",
    channels: path.includes("whatsapp") ? "whatsapp" : "email",
  };
  if (path.startsWith("/api/webhooks/email")) return "email";
  if (path.startsWith("/api/webhooks/whatsapp")) return "whatsapp";
  return legacy[segment] ?? segment;
}

/** "/api/dnc/{id}" → "/api/dnc/:id", the form ROUTE_ROLES and OPERATIONS are keyed by. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function describeOperation(method: string, path: string, op: OpenAPIV3.OperationObject): void {
  const key = `${method.toUpperCase()} ${fastifyPath(path)}`;
  const doc = OPERATIONS[key];
  if (doc) op.summary = typeof doc === "string" ? doc : doc.summary;
  op.tags = [tagOf(path)];
  // Public routes check what they need themselves (a password, a
  // signature, a token in the URL) or serve nothing private.
  if (routeRule(method.toUpperCase(), fastifyPath(path)) === "public") op.security = [];
  if (doc && typeof doc !== "string" && doc.answer) {
    const { status, description, contentType } = doc.answer;
    // Fastify's default 200 stands for the real answer, which has no JSON schema.
    delete op.responses["200"];
    op.responses[String(status)] = contentType ? { description, content: { [contentType]: {} } } : { description };
  }
  if (doc && typeof doc !== "string" && doc.body && !op.requestBody) {
    // What the client sends (io: input): defaults and transforms apply after.
    const schema = z.toJSONSchema(doc.body, { target: "openapi-3.0", io: "input" }) as OpenAPIV3.SchemaObject;
    op.requestBody = { required: true, content: { "application/json": { schema } } };
  }
  op.responses["4XX"] = ERROR_REF;
  op.responses["5XX"] = ERROR_REF;
}

/** @fastify/swagger's transformObject: runs on the whole document once the routes are in. */
export const completeOpenApi: SwaggerTransformObject = (input) => {
  if (!("openapiObject" in input)) return input.swaggerObject; // we only produce OpenAPI 3 (app.ts)
  const doc = input.openapiObject as Partial<OpenAPIV3.Document>;
  const errorSchema = z.toJSONSchema(ApiError, { target: "openapi-3.0" }) as OpenAPIV3.SchemaObject;
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: errorSchema },
    responses: {
      Error: {
        description:
          "The request failed; `error.code` says why (see the Error schema), `error.message` says it to a person.",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
    securitySchemes: SECURITY_SCHEMES,
  };
  doc.security = [{ bearerAuth: [] }, { apiKey: [] }];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op) describeOperation(method, path, op);
    }
  }
  return doc;
};
