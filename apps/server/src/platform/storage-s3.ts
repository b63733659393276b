import { Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, type Storage } from "./storage.ts";

export type S3StorageConfig = {
  bucket: string;
  /** Folder inside the bucket ("" or "parley/"), from the path of STORAGE_URL. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (what most self-hosted servers need). */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (instance role, ~/.aws, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Tests shorten them; see DEFAULT_TIMEOUTS. */
  timeouts?: { connectMs: number; requestMs: number };
};

/**
 * The SDK waits forever by default: a bucket whose packets vanish would hold a call's close (its recording)
 * and the readiness check. `requestMs` bounds sending a request (a 5 MB part at most) until the answer's
 * headers; a body being read may take longer, but not stall longer than `requestMs` (socket idle timeout).
 */
const DEFAULT_TIMEOUTS = { connectMs: 5000, requestMs: 30_000 };

/**
 * Files in an S3-compatible bucket, shared by every process that has the bucket's address and keys.
 * Bodies of unknown length go up as multipart uploads (lib-storage), so nothing is held whole in memory;
 * ranged reads are S3's own Range requests.
 */
export function createS3Storage(cfg: S3StorageConfig): Storage {
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials: cfg.credentials,
    requestHandler: {
      connectionTimeout: (cfg.timeouts ?? DEFAULT_TIMEOUTS).connectMs,
      requestTimeout: (cfg.timeouts ?? DEFAULT_TIMEOUTS).requestMs,
      throwOnRequestTimeout: true, // otherwise the SDK only warns and keeps waiting
      socketTimeout: (cfg.timeouts ?? DEFAULT_TIMEOUTS).requestMs,
    },
  });
  const Bucket = cfg.bucket;
  const full = (key: string) => {
    assertSafeKey(key);
    return cfg.prefix + key;
  };

  return {
    name: `s3://${cfg.bucket}/${cfg.prefix}`,
    async put(key, body) {
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const source =
        body instanceof Readable ? body : Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
      source.on("error", (err) => counter.destroy(err));
      const upload = new Upload({ client, params: { Bucket, Key: full(key), Body: source.pipe(counter) } });
      await upload.done();
      return { size };
    },
    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: full(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const body = res.Body as Readable;
        return range ? Readable.from(capped(body, range.end - range.start + 1)) : body;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: cfg.prefix || undefined, ContinuationToken: token }),
        );
        for (const o of res.Contents ?? []) {
          if (o.Key) yield { key: o.Key.slice(cfg.prefix.length), size: o.Size ?? 0 };
        }
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/**
 * At most `limit` bytes: the route has already promised that Content-Length, and some S3-compatible servers
 * answer a one-byte range (bytes=0-0) with the whole object (s3rver does).
 */
async function* capped(source: Readable, limit: number): AsyncGenerator<Buffer> {
  let left = limit;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (chunk.length >= left) {
        yield chunk.subarray(0, left);
        return;
      }
      left -= chunk.length;
      yield chunk;
    }
  } finally {
    source.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
