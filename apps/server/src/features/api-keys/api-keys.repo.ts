import type { ApiKeyScope } from "@parley/shared/api-keys";
import type { Role } from "@parley/shared/auth";
import type { Queryable } from "../../platform/db.ts";

export type ApiKeyRow = {
  id: string;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  created_at: Date;
  created_by_name: string | null;
  created_by_is_member: boolean;
  last_used_at: Date | null;
  revoked_at: Date | null;
};
/** What a request authenticated by a key acts as. */
export type KeyOwner = {
  id: string;
  org_id: string;
  created_by: string;
  scope: ApiKeyScope;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** The creator's role in the key's organisation now; null once they are no longer a member of it. */
  creator_role: Role | null;
};

const LISTED = `k.id, k.name, k.scope, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
  coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as created_by_name,
  exists (select 1 from memberships m where m.org_id = k.org_id and m.user_id = k.created_by) as created_by_is_member`;

export function createApiKeysRepo(db: Queryable) {
  return {
    list: (orgId: string) =>
      db.query<ApiKeyRow>(
        `select ${LISTED} from api_keys k left join users u on u.id = k.created_by
         where k.org_id = $1 order by k.revoked_at is not null, k.created_at desc, k.id`,
        [orgId],
      ),
    async insert(
      orgId: string,
      userId: string,
      k: { name: string; scope: ApiKeyScope; prefix: string; hash: string },
    ): Promise<ApiKeyRow> {
      const [row] = await db.query<ApiKeyRow>(
        `with k as (insert into api_keys (org_id, created_by, name, scope, prefix, secret_hash)
          values ($1, $2, $3, $4, $5, $6) returning *)
         select ${LISTED} from k left join users u on u.id = k.created_by`,
        [orgId, userId, k.name, k.scope, k.prefix, k.hash],
      );
      return row!;
    },
    /** True when a key of this organisation was revoked now (false: none such, or already revoked). */
    async revoke(orgId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        "update api_keys set revoked_at = $3 where org_id = $1 and id = $2 and revoked_at is null returning id",
        [orgId, id, at],
      );
      return rows.length > 0;
    },
    async exists(orgId: string, id: string): Promise<boolean> {
      return (await db.query("select 1 from api_keys where org_id = $1 and id = $2", [orgId, id])).length > 0;
    },
    async byHash(hash: string): Promise<KeyOwner | null> {
      const [row] = await db.query<KeyOwner>(
        `select k.id, k.org_id, k.created_by, k.scope, k.revoked_at, k.last_used_at, m.role as creator_role
         from api_keys k left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by
         where k.secret_hash = $1`,
        [hash],
      );
      return row ?? null;
    },
    async touch(id: string, at: Date): Promise<void> {
      await db.query("update api_keys set last_used_at = $2 where id = $1", [id, at]);
    },
  };
}
export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
