import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
} from "fastify-type-provider-zod";
import { httpLogger, type Logger } from "../platform/logger.ts";
import { registerErrorHandler } from "./errors.ts";
import { registerInputGuards } from "./input-guards.ts";
import { completeOpenApi, OPENAPI_INFO } from "./openapi.ts";

export type AppOptions = {
  logger: Logger;
  corsOrigins: string[];
  webDist: string | null;
  /** Fastify's trustProxy (config TRUST_PROXY): who may set X-Forwarded-For, so request.ip is the client. */
  trustProxy?: false | number | string[];
  /** Sees every route before it is added: the role guard (role-guard.ts) puts its check in front. */
  onRoute?: (route: RouteOptions) => void;
  /** Feature route plugins, mounted under /api. */
  api: FastifyPluginAsyncZod[];
};

/** Addresses served by the server itself (`/api`, `/api/…`, `/metrics`), which the single page must never answer. */
const SERVER_ONLY = /^\/(api|metrics)(\/|$)/;
const BODY_LIMIT = 1024 * 1024; // JSON bodies; file uploads set their own limits per route.

/** A hop count trusts that many proxies in front of us (Fastify does the same; its types only take a function). */
function trustProxy(
  setting: AppOptions["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return setting || false;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: httpLogger(opts.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxy(opts.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (opts.onRoute) app.addHook("onRoute", opts.onRoute);
  registerErrorHandler(app);
  registerInputGuards(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services, only used when GOOGLE_CLIENT_ID is set.
        scriptSrc: ["'self'", "https://accounts.google.com/gsi/client"],
        styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
        frameSrc: ["https://accounts.google.com/gsi/"],
        connectSrc: ["'self'", "https://accounts.google.com/gsi/"],
        imgSrc: ["'self'", "data:", "blob:", "https://*.googleusercontent.com"],
        mediaSrc: ["'self'", "blob:", "data:"],
        // No page of Parley may be framed, not even by itself (clickjacking); X-Frame-Options says it to old browsers.
        frameAncestors: ["'none'"],
        // Off: Parley is often served over plain http (localhost, a LAN box); TLS belongs to the proxy.
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: "deny" },
  });
  // Closed unless origins are listed: the web app is served from the same origin.
  await app.register(cors, { origin: opts.corsOrigins.length ? opts.corsOrigins : false, credentials: true });

  // WebSocket routes (Twilio Media Streams, the browser test call) declare `{ websocket: true }`.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  // OpenAPI generated from the same zod schemas that validate requests: GET /api/openapi.json; openapi.ts adds
  // summaries, tags, security and the error shape. /api/docs shows it with Swagger UI's own files (no CDN), under
  // the CSP above: its scripts and styles are files of this server.
  await app.register(swagger, {
    openapi: { info: OPENAPI_INFO },
    transform: jsonSchemaTransform,
    transformObject: completeOpenApi,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    theme: { title: "Parley API reference" },
    uiConfig: { docExpansion: "list", deepLinking: true, validatorUrl: null, persistAuthorization: false },
  });

  await app.register(
    async (api) => {
      api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      for (const plugin of opts.api) await api.register(plugin);
    },
    { prefix: "/api" },
  );

  const indexHtml = opts.webDist ? path.join(opts.webDist, "index.html") : null;
  if (opts.webDist && indexHtml && fs.existsSync(indexHtml)) {
    const hashed = path.join(opts.webDist, "assets") + path.sep;
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // Vite names each file under assets/ by a hash of its content: browsers keep it without asking again,
      // so a page opened later runs the scripts V8 compiled before instead of fetching and compiling them anew.
      setHeaders: (res, file) => {
        if (file.startsWith(hashed)) res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
    const html = fs.readFileSync(indexHtml, "utf8");
    app.get("/*", (request, reply) => {
      const pathname = request.url.split("?")[0]!;
      // The API's and the metrics' addresses are never the page: an unknown one is the API's JSON 404.
      if (SERVER_ONLY.test(pathname)) return reply.callNotFound();
      const file = path.join(opts.webDist!, pathname);
      if (file.startsWith(opts.webDist!) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(opts.webDist!, file));
      }
      // Client-side routes all answer the single page; the router decides what to show.
      return reply.type("text/html").header("cache-control", "no-cache").send(html);
    });
  }
  return app;
}
