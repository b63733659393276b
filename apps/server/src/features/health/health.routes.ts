import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../platform/db.ts";

const Health = z.object({
  status: z.literal("ok"),
  /**
   * The carrier calls go out through. The setup screen explains the CSV's persona column only for the
   * simulated one (where it decides how each callee answers); no secret or address is in it.
   */
  telephony: z.enum(["simulated", "twilio", "sip"]).optional(),
});

export function healthRoutes(deps: { db: Db; telephony?: "simulated" | "twilio" | "sip" }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", { schema: { response: { 200: Health } } }, async () => {
      await deps.db.query("select 1");
      return { status: "ok" as const, telephony: deps.telephony };
    });
  };
}
