import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../platform/db.ts";

export function healthRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", { schema: { response: { 200: z.object({ status: z.literal("ok") }) } } }, async () => {
      await deps.db.query("select 1");
      return { status: "ok" as const };
    });
  };
}
