import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, loadConfig } from "./config.ts";
import { parseStorageUrl } from "./storage-url.ts";

test("STORAGE_URL picks the store; unset follows the database", () => {
  assert.deepEqual(parseStorageUrl({}), { kind: "default" });
  assert.deepEqual(parseStorageUrl({ STORAGE_URL: "file:///srv/parley/files" }), {
    kind: "file",
    dir: "/srv/parley/files",
  });
  assert.deepEqual(parseStorageUrl({ STORAGE_URL: "postgres", DATABASE_URL: "postgres://db/parley" }), {
    kind: "postgres",
  });
  assert.deepEqual(
    parseStorageUrl({
      STORAGE_URL: "s3://my-bucket/parley?endpoint=http%3A%2F%2Fminio%3A9000",
      AWS_ACCESS_KEY_ID: "k",
      AWS_SECRET_ACCESS_KEY: "s",
    }),
    {
      kind: "s3",
      s3: {
        bucket: "my-bucket",
        prefix: "parley/",
        endpoint: "http://minio:9000",
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "k", secretAccessKey: "s" },
      },
    },
  );
  const aws = parseStorageUrl({ STORAGE_URL: "s3://my-bucket?region=eu-west-1" });
  assert.ok("kind" in aws && aws.kind === "s3");
  assert.deepEqual(aws.s3, {
    bucket: "my-bucket",
    prefix: "",
    endpoint: undefined,
    region: "eu-west-1",
    forcePathStyle: false,
    credentials: undefined,
  });
});

test("a wrong STORAGE_URL stops start-up saying what is wrong", () => {
  const bad = (env: Record<string, string>) => assert.throws(() => loadConfig(env), ConfigError);
  assert.match(
    errorOf({ STORAGE_URL: "postgres" }),
    /STORAGE_URL: postgres keeps files in the database DATABASE_URL names/,
  );
  assert.match(
    errorOf({ STORAGE_URL: "ftp://x" }),
    /STORAGE_URL: must be file:\/\/\/a\/folder, postgres, or s3:\/\/bucket/,
  );
  assert.match(errorOf({ STORAGE_URL: "s3://Bad_Bucket" }), /not a bucket name/);
  assert.match(
    errorOf({ STORAGE_URL: "s3://bucket?endpoint=minio:9000" }),
    /endpoint must be an http\(s\):\/\/ address/,
  );
  assert.match(errorOf({ STORAGE_URL: "s3://bucket?secret=x" }), /unknown option secret/);
  assert.match(
    errorOf({ STORAGE_URL: "s3://bucket", AWS_ACCESS_KEY_ID: "k" }),
    /both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
  );
  bad({ STORAGE_URL: "file://" });
  assert.deepEqual(loadConfig({ STORAGE_URL: "postgres", DATABASE_URL: "postgres://db/x" }).storage, {
    kind: "postgres",
  });
});

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  return "no error";
}
