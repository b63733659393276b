import crypto from "node:crypto";
import { hashPassword } from "../auth/password-hash.ts";
import type { SettingsRepo } from "./settings.repo.ts";

export type PasswordReset = { username: string; email: string; password: string };

/** 12 URL-safe characters (72 random bits), like the demo password printed at first start. */
export const randomPassword = (): string => crypto.randomBytes(9).toString("base64url");

/**
 * Gives the account signing in as `login` (email or username) a new random password and ends its sessions,
 * for an operator who lost the one printed at first start. Null when no account signs in as `login`.
 */
export async function resetPassword(
  repo: SettingsRepo,
  login: string,
  makePassword = randomPassword,
): Promise<PasswordReset | null> {
  const user = await repo.userByLogin(login.trim());
  if (!user) return null;
  const password = makePassword();
  await repo.setPasswordHash(user.id, await hashPassword(password));
  await repo.revokeSessions(user.id, null);
  return { username: user.username, email: user.email, password };
}
