import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver from npm, files in a temporary folder) with one bucket,
 * for the S3 storage's tests (on `port`, or any free one). s3rver accepts any signature made with its fixed keys.
 */
export async function startS3Server(
  bucket: string,
  port = 0,
): Promise<{ endpoint: string; accessKeyId: string; secretAccessKey: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const bound = (await server.run()).port;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
