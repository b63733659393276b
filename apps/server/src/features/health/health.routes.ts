import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../platform/db.ts";
import type { Storage } from "../../platform/storage.ts";
import { probe } from "./probe.ts";

const Check = z.object({ status: z.enum(["ok", "unavailable"]), ms: z.number() });
const Health = z.object({
  /** "ok" when the database and the file store both answer; otherwise 503 "unavailable". */
  status: z.enum(["ok", "unavailable"]),
  /**
   * The carrier calls go out through. The setup screen explains the CSV's persona column only for the
   * simulated one (where it decides how each callee answers); no secret or address is in it.
   */
  telephony: z.enum(["simulated", "twilio", "sip"]).optional(),
  /** Readiness: each dependency this process needs to serve requests, with how long it took to answer. */
  checks: z.object({ database: Check, storage: Check }),
});

/**
 * Readiness for load balancers and orchestrators: 200 when this process can reach its database and its
 * file store, 503 otherwise (take it out of rotation). Public, so it names no address and no error: the
 * reason is in the log.
 */
export function healthRoutes(deps: {
  db: Db;
  storage: Storage;
  telephony?: "simulated" | "twilio" | "sip";
  onFailure?: (what: string, err: unknown) => void;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", { schema: { response: { 200: Health, 503: Health } } }, async (request, reply) => {
      const report = (what: string) => (err: unknown) =>
        (deps.onFailure ?? ((w, e) => request.log.warn({ err: e }, `health: ${w} unavailable`)))(what, err);
      const [database, storage] = await Promise.all([
        probe(() => deps.db.query("select 1"), report("database")),
        probe(() => deps.storage.check(), report("storage")),
      ]);
      const ok = database.status === "ok" && storage.status === "ok";
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? "ok" : "unavailable", telephony: deps.telephony, checks: { database, storage } });
    });
  };
}
