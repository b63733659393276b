import { loadConfig, type Config } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import { createSettingsRepo } from "../features/settings/settings.repo.ts";
import { resetPassword } from "../features/settings/reset-password.ts";
import { runMain } from "./run-main.ts";

/**
 * `npm run reset-password -- <email-or-username>`: prints a new password for that account, on the embedded
 * database in DATA_DIR or on DATABASE_URL (the same settings `npm start` reads).
 */
async function main(): Promise<number> {
  const login = process.argv[2]?.trim();
  if (!login) {
    console.error("Usage: npm run reset-password -- <email-or-username>   (the demo account is: demo)");
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl && (await serverAnswers(config))) {
    console.error(
      `Parley is running on port ${config.port}. Stop it first: the embedded database belongs to one process.`,
    );
    return 1;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const reset = await resetPassword(createSettingsRepo(db), login);
    if (!reset) {
      console.error(`No account signs in as "${login}".`);
      return 1;
    }
    console.log(
      [
        `New password for ${reset.username} (${reset.email}):`,
        `  ${reset.password}`,
        "Its other sessions were signed out. Change it under Settings → Profile after signing in.",
      ].join("\n"),
    );
    return 0;
  } finally {
    await db.close();
  }
}

/** PGlite is one process's files: a second writer would corrupt them, so a running server must be stopped. */
async function serverAnswers(config: Config): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

runMain(main);
