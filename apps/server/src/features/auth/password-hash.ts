import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id is an ambient const enum, which isolated modules cannot read: its value is 2.
const ARGON = { algorithm: 2 } as const;

/** The one argon2id hasher: sign-up, the profile's password change and the reset-password command use it. */
export const hashPassword = (plain: string): Promise<string> => hash(plain, ARGON);

/** True when `plain` matches the stored argon2 hash (the parameters travel inside the hash). */
export const verifyPassword = (stored: string, plain: string): Promise<boolean> => verify(stored, plain);
