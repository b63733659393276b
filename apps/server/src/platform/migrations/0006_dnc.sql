-- Org-wide do-not-call list: a number here is never dialled by any campaign of the org.
create table dnc_numbers (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  phone_e164 text not null,
  source text not null check (source in ('manual', 'csv', 'call')),
  reason text not null default '',
  created_at timestamptz not null default now(),
  unique (org_id, phone_e164)
);
