import crypto from "node:crypto";

/**
 * Credentials of integrations at rest: AES-256-GCM under INTEGRATIONS_KEY (config.ts), a fresh 12-byte IV per
 * secret. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url) so a later key rotation can tell formats apart.
 * The organisation id is bound in as additional data: a ciphertext copied to another organisation's row
 * does not decrypt.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error("the integrations key must be 32 bytes");
  return {
    seal(plain: string, orgId: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(orgId));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed: string, orgId: string): string {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("unknown secret format");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(orgId));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
