-- Invitations into an organisation. Like refresh tokens, only the token's hash is stored: the link is shown
-- once to the owner who creates it. An invitation is pending until it is accepted, revoked or expires.
create table team_invitations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  email text not null,
  role text not null check (role in ('owner', 'admin', 'member')),
  token_hash text not null unique,
  invited_by uuid references users(id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users(id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index team_invitations_org_idx on team_invitations (org_id, created_at);
