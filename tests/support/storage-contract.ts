import assert from "node:assert/strict";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { test } from "node:test";
import type { ByteSpan, Storage } from "../../apps/server/src/platform/storage.ts";

async function readAll(store: Storage, key: string, range?: ByteSpan): Promise<Buffer | null> {
  const body = await store.get(key, range);
  if (!body) return null;
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** A body that arrives in uneven pieces, as an upload or a recording does. */
function pieces(data: Buffer, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
    })(),
  );
}

/**
 * What every backend must do (platform/storage.ts): each test file calls this with its store, under
 * a prefix of its own. `large` is the size of the object streamed in and out.
 */
export function storageContract(label: string, store: () => Storage, opts: { large: number }) {
  const key = (name: string) => `contract/${label}/${name}`;

  test(`${label}: a missing key answers null and deleting it is no error`, async () => {
    assert.equal(await store().get(key("missing.bin")), null);
    assert.equal(await store().get(key("missing.bin"), { start: 0, end: 9 }), null);
    assert.equal(await store().size(key("missing.bin")), null);
    await store().delete(key("missing.bin"));
  });

  test(`${label}: a large body streams in and out whole, and any range reads just those bytes`, async () => {
    const data = crypto.randomBytes(opts.large);
    const { size } = await store().put(key("large.bin"), pieces(data, 65_537));
    assert.equal(size, data.length);
    assert.equal(await store().size(key("large.bin")), data.length);
    const back = await readAll(store(), key("large.bin"));
    assert.ok(back!.equals(data), "the whole object reads back byte for byte");
    const n = data.length;
    for (const r of [
      { start: 0, end: 0 },
      { start: 1000, end: 300_000 },
      { start: n - 10, end: n - 1 },
      { start: 262_143, end: 262_145 },
    ]) {
      const got = await readAll(store(), key("large.bin"), r);
      assert.ok(got!.equals(data.subarray(r.start, r.end + 1)), `bytes ${r.start}-${r.end}`);
    }
  });

  test(`${label}: a put replaces the object; a failed put leaves the old one`, async () => {
    await store().put(key("over.txt"), Buffer.from("first version, rather long"));
    await store().put(key("over.txt"), Buffer.from("second"));
    assert.equal((await readAll(store(), key("over.txt")))!.toString(), "second");
    assert.equal(await store().size(key("over.txt")), 6);
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error("client went away"));
      },
    });
    await assert.rejects(store().put(key("over.txt"), broken));
    assert.equal((await readAll(store(), key("over.txt")))!.toString(), "second");
    await store().put(key("empty.txt"), Buffer.alloc(0));
    assert.equal(await store().size(key("empty.txt")), 0);
    assert.equal((await readAll(store(), key("empty.txt")))!.length, 0);
  });

  test(`${label}: list names every object with its size; delete removes one; bad keys are refused`, async () => {
    await store().put(key("list/a.txt"), Buffer.from("aa"));
    await store().put(key("list/b.txt"), Buffer.from("bbb"));
    await store().delete(key("list/a.txt"));
    const listed: { key: string; size: number }[] = [];
    for await (const o of store().list()) if (o.key.startsWith(key("list/"))) listed.push(o);
    assert.deepEqual(listed, [{ key: key("list/b.txt"), size: 3 }]);
    await assert.rejects(store().put("../escape.txt", Buffer.from("x")), /Invalid storage key/);
    await store().check();
  });
}
