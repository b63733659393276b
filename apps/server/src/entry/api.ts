import { loadConfig } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { createLogger } from "../platform/logger.ts";
import { migrate } from "../platform/migrate.ts";
import { seedDemo } from "../features/demo/seed-demo.ts";
import { startBackgroundLoops } from "./background-loops.ts";
import { runMain } from "./run-main.ts";
import { createServer } from "./wire.ts";

/** `npm start`: migrations, demo data on a fresh instance, then the API and the web app on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, "migrations applied");
  const { app, services } = await createServer({ config, db, logger });

  if (config.demo) {
    const demo = await seedDemo({
      db, auth: services.auth, emailLogs: services.emailLogs, whatsapp: services.whatsapp,
      // The demo campaign rings simulated callees only: never with a real carrier configured.
      campaign: config.voice.telephony === "simulated" ? { campaigns: services.campaigns, storage: services.storage } : undefined,
    });
    if (demo) {
      console.log(
        [
          "",
          "  Parley demo organisation created. Sign in at http://localhost:" + config.port + "/login with:",
          `    Email or Username: ${demo.username}   (or ${demo.email})`,
          `    Password:          ${demo.password}`,
          "  This is shown only once. Delete the data folder to start over.",
          "",
        ].join("\n"),
      );
    }
  }

  // The dialer runs in this process unless DIALER=0 (then `npm run worker` processes dial).
  const loops = startBackgroundLoops(services, { log: logger, dialer: config.voice.dialer });
  const shutdown = async () => {
    await loops.stop();
    services.calls.abortAll();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Parley is running on http://localhost:${config.port} (${db.kind})`);
  // Voice preview clips are synthesised once into the data folder, in the background.
  void services.voices.warmUp();
}

runMain(main);
