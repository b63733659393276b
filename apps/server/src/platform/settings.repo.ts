import crypto from "node:crypto";
import type { Queryable } from "./db.ts";

/** Returns the instance-wide value under key, creating it once with make() (race-safe across processes). */
export async function getOrCreateSetting(db: Queryable, key: string, make: () => string): Promise<string> {
  await db.query("insert into app_settings (key, value) values ($1, $2) on conflict (key) do nothing", [key, make()]);
  const rows = await db.query<{ value: string }>("select value from app_settings where key = $1", [key]);
  return rows[0]!.value;
}

export const randomSecret = () => crypto.randomBytes(48).toString("base64url");
