-- Calls and the dialer's queue. Every call the agent places (or tries to) is a row in calls; the queue of
-- work is call_attempts, leased with FOR UPDATE SKIP LOCKED so many workers can share one database.

create table org_limits (
  org_id uuid primary key references organizations(id) on delete cascade,
  max_concurrent_calls integer not null default 10 check (max_concurrent_calls between 1 and 1000),
  minutes_balance numeric not null default 1000,
  updated_at timestamptz not null default now()
);

create table calls (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid references campaigns(id) on delete set null,
  contact_id uuid references contacts(id) on delete set null,
  attempt_id uuid,
  direction text not null default 'OUTBOUND',
  status text not null default 'in_progress',
  outcome text,
  lead_name text not null default '',
  lead_phone text not null,
  lead_email text not null default '',
  service text not null default '',
  budget text not null default '',
  started_at timestamptz not null default now(),
  answered_at timestamptz,
  ended_at timestamptz,
  duration_secs integer not null default 0,
  recording_key text,
  summary text not null default '',
  sentiment text,
  transcript jsonb not null default '[]',
  extracted jsonb not null default '{}',
  latency jsonb not null default '[]',
  error text,
  created_at timestamptz not null default now()
);
create index calls_org_created_idx on calls (org_id, created_at desc);
create index calls_campaign_idx on calls (campaign_id, created_at desc);

create table call_attempts (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null references campaigns(id) on delete cascade,
  contact_id uuid not null references contacts(id) on delete cascade,
  attempt_number integer not null,
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'done', 'cancelled')),
  due_at timestamptz not null,
  lease_owner text,
  lease_expires_at timestamptz,
  outcome text,
  call_id uuid references calls(id) on delete set null,
  note text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The scheduler's scan: each organisation's due pending work, oldest first.
create index call_attempts_due_idx on call_attempts (org_id, due_at) where status = 'pending';
create index call_attempts_busy_idx on call_attempts (org_id) where status = 'in_progress';
create index call_attempts_campaign_idx on call_attempts (campaign_id, status);
create index call_attempts_leases_idx on call_attempts (lease_expires_at) where status = 'in_progress';
-- A contact has at most one open attempt: never dialled twice at the same time.
create unique index call_attempts_one_open_idx on call_attempts (contact_id) where status in ('pending', 'in_progress');
