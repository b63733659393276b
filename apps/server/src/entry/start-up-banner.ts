/** What `npm start` says once it listens: where to go, how to sign in (once), where the data is. */
export type BannerFacts = {
  url: string;
  /** The demo account created on this start (a fresh data folder); its password is shown this once only. */
  demo: { username: string; email: string; password: string } | null;
  /** The embedded database's folder, or where PostgreSQL is (host and database, never the password). */
  data: { kind: "pglite"; dataDir: string } | { kind: "postgres"; where: string };
  logLevel: string;
};

/** A box of plain lines, printed after start-up so the one-time password is the last thing on the screen. */
export function startUpBanner(f: BannerFacts): string {
  const lines = [`Parley is running: ${f.url}`];
  if (f.demo) {
    lines.push(
      "",
      "Demo sign-in (shown only this once; `npm run reset-password -- demo` makes a new one):",
      `  Email or Username  ${f.demo.username}   (or ${f.demo.email})`,
      `  Password           ${f.demo.password}`,
    );
  }
  lines.push(
    "",
    f.data.kind === "pglite"
      ? `Data: ${f.data.dataDir} (embedded database; delete the folder to start over)`
      : `Data: PostgreSQL at ${f.data.where}`,
  );
  if (f.logLevel !== "debug" && f.logLevel !== "trace") lines.push("Each request is logged with LOG_LEVEL=debug.");
  lines.push("Stop with Ctrl+C.");
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `  ${"─".repeat(width + 4)}`;
  return ["", rule, ...lines.map((l) => (l ? `    ${l}` : "")), rule, ""].join("\n");
}

/** host:port/database of a PostgreSQL URL: where the data is, without the credentials. */
export function postgresWhere(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    return `${u.host}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}
