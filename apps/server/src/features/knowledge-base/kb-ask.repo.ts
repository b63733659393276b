import type { Db } from "../../platform/db.ts";

/** What the "Test your knowledge base" box reads beside retrieval: a passage's page. */
export function createKbAskRepo(db: Db) {
  return {
    async pages(orgId: string, passageIds: string[]): Promise<Map<string, number | null>> {
      if (!passageIds.length) return new Map();
      const rows = await db.query<{ id: string; page: number | null }>(
        "select id, page from kb_passages where org_id = $1 and id = any($2::uuid[])",
        [orgId, passageIds],
      );
      return new Map(rows.map((r) => [r.id, r.page]));
    },
  };
}
export type KbAskRepo = ReturnType<typeof createKbAskRepo>;
