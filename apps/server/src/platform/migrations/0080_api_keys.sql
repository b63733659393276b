-- API keys: an organisation's credential for other systems (Authorization: Bearer pk_live_…). Only the SHA-256
-- of the secret is kept (see api-key-secret.ts); `prefix` is its first characters, shown so a person can tell
-- keys apart. A key's writes are attributed to the person who created it, so deleting that account deletes
-- the key. Revoked keys stay listed (revoked_at) so the list says what happened to them.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  created_by uuid not null references users(id) on delete cascade,
  name text not null,
  scope text not null check (scope in ('read', 'write')),
  prefix text not null,
  secret_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_org on api_keys (org_id, created_at);
