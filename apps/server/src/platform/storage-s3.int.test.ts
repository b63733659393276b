// The SDK warns once per process that its 2027 releases will need Node 22; the tests run on Node 20 on purpose.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { startS3Server } from "../../../../tests/support/s3-server.ts";
import { storageContract } from "../../../../tests/support/storage-contract.ts";
import type { Storage } from "./storage.ts";
import { createS3Storage } from "./storage-s3.ts";
import { parseStorageUrl } from "./storage-url.ts";

// Against a real S3-compatible server (s3rver), configured the way an operator would: STORAGE_URL and the two keys.
describe("S3 storage (s3rver)", () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let store: Storage;
  before(async () => {
    server = await startS3Server("parley-files");
    const choice = parseStorageUrl({
      STORAGE_URL: `s3://parley-files/prod?endpoint=${encodeURIComponent(server.endpoint)}`,
      AWS_ACCESS_KEY_ID: server.accessKeyId,
      AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
    });
    if (!("kind" in choice) || choice.kind !== "s3") throw new Error(`bad STORAGE_URL: ${JSON.stringify(choice)}`);
    store = createS3Storage(choice.s3);
  });
  after(() => server.close());

  // 6 MiB: past lib-storage's 5 MiB part size, so the body goes up as a multipart upload.
  storageContract("s3", () => store, { large: 6 * 1024 * 1024 + 3 });

  test("a server that accepts and then never answers fails the put instead of hanging it", async () => {
    const silent = net.createServer(() => undefined); // takes the connection, says nothing
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const { port } = silent.address() as net.AddressInfo;
    const stuck = createS3Storage({
      bucket: "parley-files",
      prefix: "",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      timeouts: { connectMs: 200, requestMs: 200 },
    });
    try {
      await assert.rejects(stuck.put("recordings/x.wav", Buffer.from("RIFF")));
    } finally {
      silent.close();
    }
  });

  test("a bucket that does not exist fails the readiness check", async () => {
    const other = createS3Storage({
      bucket: "no-such-bucket",
      prefix: "",
      endpoint: server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    await assert.rejects(other.check());
  });
});
