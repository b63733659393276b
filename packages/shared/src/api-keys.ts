import { z } from "zod";

/** `read` keys may only read (GET/HEAD); `write` keys may also change what an admin may change. */
export const ApiKeyScope = z.enum(["read", "write"]);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Every key starts with this, so the server tells a key from a signed-in user's access token at a glance. */
export const API_KEY_PREFIX = "pk_live_";

export const ApiKeyInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, such as the system that will use it.")
    .max(100, "Keep the name under 100 characters."),
  scope: ApiKeyScope,
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

/** A key as listed: never its secret, only the first characters of it. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  prefix: z.string(),
  created_at: z.string(),
  /** Who created the key (their name, or their email when they gave none): the key acts with their role now. */
  created_by_name: z.string().nullable(),
  /** False once the creator left the organisation: the key then no longer works. */
  created_by_is_member: z.boolean(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ keys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to creating a key: the only time its secret is sent. */
export const ApiKeyCreated = z.object({ key: ApiKey, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
