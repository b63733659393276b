import { loadConfig } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { createLogger } from "../platform/logger.ts";
import { migrate } from "../platform/migrate.ts";
import { seedDemo } from "../features/demo/seed-demo.ts";
import { startBackgroundLoops } from "./background-loops.ts";
import { runMain } from "./run-main.ts";
import { createServer } from "./server.ts";
import { postgresWhere, startUpBanner, type BannerFacts } from "./start-up-banner.ts";

/** `npm start`: migrations, demo data on a fresh instance, then the API and the web app on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length) logger.debug({ applied }, "migrations applied");
  const { app, services } = await createServer({ config, db, logger });

  let demo: BannerFacts["demo"] = null;
  if (config.demo) {
    demo = await seedDemo({
      db,
      auth: services.auth.service,
      emailLogs: services.reports.emailLogs,
      whatsapp: services.reports.whatsapp,
      // The demo campaign rings simulated callees only: never with a real carrier configured.
      campaign:
        config.voice.telephony === "simulated"
          ? { campaigns: services.campaigns.service, storage: services.storage }
          : undefined,
    });
  }

  // The dialer runs in this process unless DIALER=0 (then `npm run worker` processes dial).
  const loops = startBackgroundLoops(services, { log: logger, dialer: config.voice.dialer });
  const shutdown = async () => {
    await loops.stop();
    services.calls.service.abortAll();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ port: config.port, host: config.host });
  // One banner once listening, last on the screen: the address, the one-time demo password, where data lives.
  console.log(
    startUpBanner({
      url: config.publicUrl ?? `http://localhost:${config.port}`,
      demo,
      data:
        db.kind === "pglite"
          ? { kind: "pglite", dataDir: config.dataDir }
          : { kind: "postgres", where: postgresWhere(config.databaseUrl ?? "") },
      logLevel: config.logLevel,
    }),
  );
  // Voice preview clips are synthesised once into the data folder, in the background; the recognisers load too.
  void services.voices.warmUp();
  if (config.voice.sttWarmUp) void services.calls.warmUp();
}

runMain(main);
