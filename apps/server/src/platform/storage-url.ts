import path from "node:path";
import type { S3StorageConfig } from "./storage-s3.ts";

/** Where files are kept; "default" is the database's own PostgreSQL with DATABASE_URL, else DATA_DIR/files. */
export type StorageChoice =
  | { kind: "default" }
  | { kind: "file"; dir: string }
  | { kind: "postgres" }
  | { kind: "s3"; s3: S3StorageConfig };

type Env = {
  STORAGE_URL?: string;
  DATABASE_URL?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  AWS_REGION?: string;
};

const FORMS = "file:///a/folder, postgres, or s3://bucket[/prefix]?endpoint=https://…";
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Reads STORAGE_URL (and the S3 keys); answers the choice or the one-line reason it is wrong. */
export function parseStorageUrl(env: Env): StorageChoice | { error: string } {
  const raw = env.STORAGE_URL?.trim() ?? "";
  if (raw === "") return { kind: "default" };
  if (raw.startsWith("file://")) {
    const dir = decodeURIComponent(raw.slice("file://".length));
    if (!dir) return { error: `file:// needs a folder, e.g. file:///var/lib/parley/files` };
    return { kind: "file", dir: path.resolve(dir) };
  }
  if (/^postgres(ql)?:?$/i.test(raw)) {
    if (!env.DATABASE_URL) {
      return {
        error:
          "postgres keeps files in the database DATABASE_URL names: set DATABASE_URL " +
          "(the embedded database is not shared), or use file:// or s3://",
      };
    }
    return { kind: "postgres" };
  }
  if (raw.startsWith("s3://")) return parseS3(raw, env);
  return { error: `must be ${FORMS}` };
}

function parseS3(raw: string, env: Env): StorageChoice | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: `is not a valid URL; expected ${FORMS}` };
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    return { error: `"${bucket}" is not a bucket name (3–63 lowercase letters, digits, dots and dashes)` };
  const known = new Set(["endpoint", "region", "force_path_style"]);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length)
    return { error: `unknown option ${unknown.join(", ")}; s3:// takes endpoint, region and force_path_style` };
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint))
    return { error: "endpoint must be an http(s):// address" };
  const style = url.searchParams.get("force_path_style");
  if (style !== null && style !== "0" && style !== "1") return { error: "force_path_style must be 0 or 1" };
  const hasId = Boolean(env.AWS_ACCESS_KEY_ID);
  if (hasId !== Boolean(env.AWS_SECRET_ACCESS_KEY))
    return { error: "set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither" };
  const prefix = decodeURIComponent(url.pathname.replace(/^\/+/, ""));
  return {
    kind: "s3",
    s3: {
      bucket,
      prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
      endpoint,
      region: url.searchParams.get("region") ?? env.AWS_REGION ?? "us-east-1",
      // Self-hosted servers (MinIO, s3rver…) are addressed by path; AWS by virtual host.
      forcePathStyle: style === null ? endpoint !== undefined : style === "1",
      credentials: hasId
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! }
        : undefined,
    },
  };
}
