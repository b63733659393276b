import assert from "node:assert/strict";
import type { E2E } from "./e2e.ts";
import { newApiUser, type E2ESession, type E2EUser } from "./e2e-users.ts";

/** A signed-up user of a new organisation, with the API token and the organisation's slug for URLs. */
export type KbSession = E2ESession & { user: E2EUser };

export const newKbUser = (env: E2E): Promise<KbSession> => newApiUser(env.baseUrl, "Northwind");

/** Uploads the documents and waits until every one is indexed. */
export async function readyDocuments(env: E2E, s: KbSession, files: Array<[string, Buffer]>): Promise<void> {
  const form = new FormData();
  for (const [name, bytes] of files) form.append("files[]", new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${env.baseUrl}/api/voice/KB/bulk-upload-documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.token}` },
    body: form,
  });
  assert.equal(res.status, 201, await res.clone().text());
  for (let i = 0; i < 150; i++) {
    const list = (await (
      await fetch(`${env.baseUrl}/api/voice/KB/documents`, { headers: { authorization: `Bearer ${s.token}` } })
    ).json()) as {
      data: { documents: Array<{ status: string }> };
    };
    if (list.data.documents.every((d) => d.status === "ready")) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("documents never became ready");
}
