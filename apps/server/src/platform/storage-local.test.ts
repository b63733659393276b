import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe } from "node:test";
import { storageContract } from "../../../../tests/support/storage-contract.ts";
import { createLocalStorage } from "./storage.ts";

describe("local folder storage", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-files-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const store = createLocalStorage(dir);
  storageContract("local", () => store, { large: 1024 * 1024 + 5 });
});
