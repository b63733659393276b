import { loadConfig } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { createLogger } from "../platform/logger.ts";
import { migrate } from "../platform/migrate.ts";
import { startBackgroundLoops } from "./background-loops.ts";
import { runMain } from "./run-main.ts";
import { createServer } from "./server.ts";

/**
 * `npm run worker`: one more dialer and voice worker on the shared PostgreSQL (DATABASE_URL). Any number
 * can run beside `npm start`; the queue's leases keep them from dialling one contact twice. With Twilio,
 * a worker also serves the telephony webhooks and media streams on PORT (Twilio calls back the process
 * that placed the call, at PUBLIC_URL).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error("A worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to a single process.");
    process.exit(1);
  }
  const logger = createLogger(config);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const { app, services } = await createServer({ config, db, logger });
  const loops = startBackgroundLoops(services, { log: logger, dialer: true });
  // The recognisers' models load now, not behind the first callee's words.
  if (config.voice.sttWarmUp) void services.calls.warmUp();
  if (config.voice.telephony === "twilio") await app.listen({ port: config.port, host: config.host });
  logger.info(`Parley dialer worker ${process.pid} is running`);
  const shutdown = async () => {
    await loops.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

runMain(main);
