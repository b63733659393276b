import { buildUser, startTestApp } from "../../tests/support/test-app.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Sign-in cost is dominated by argon2id on purpose; this shows what a user waits for. */
export async function run(): Promise<void> {
  const t = await startTestApp("pglite");
  try {
    const u = await buildUser(t);
    const login = [];
    const me = [];
    for (let i = 0; i < 30; i++) {
      let s = performance.now();
      await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.username, password: u.password, refresh: true },
      });
      login.push(performance.now() - s);
      s = performance.now();
      await t.request("GET", "/api/auth/me", { token: u.token });
      me.push(performance.now() - s);
    }
    console.log(
      `POST /api/auth/login (argon2id): p50 ${pct(login, 50).toFixed(1)} ms, p95 ${pct(login, 95).toFixed(1)} ms`,
    );
    console.log(
      `GET /api/auth/me (JWT + 2 queries): p50 ${pct(me, 50).toFixed(1)} ms, p95 ${pct(me, 95).toFixed(1)} ms`,
    );
  } finally {
    await t.close();
  }
}
