-- Integrations with the team's own systems, one row per organisation and kind (only 'caldav' so far).
-- `settings` holds what is not secret (the address, username, chosen calendar); the credential is kept
-- only as AES-256-GCM ciphertext (features/integrations/secret-box.ts) under INTEGRATIONS_KEY.
create table integrations (
  org_id uuid not null references organizations(id) on delete cascade,
  kind text not null check (kind in ('caldav')),
  settings jsonb not null default '{}',
  secret_ciphertext text not null,
  status text not null default 'connected' check (status in ('connected', 'unreachable')),
  last_error text,
  last_checked_at timestamptz,
  connected_by uuid references users(id) on delete set null,
  connected_at timestamptz not null default now(),
  primary key (org_id, kind)
);

-- Which CalDAV object mirrors which Parley meeting, so a reschedule updates it and a cancel removes it.
-- `pending` is what could not be done while the calendar was unreachable ('write': the meeting is not there
-- or is out of date; 'delete': a cancelled meeting is still there); it is done when the calendar answers again.
create table caldav_events (
  event_id uuid primary key references calendar_events(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  object_url text,
  etag text,
  pending text check (pending in ('write', 'delete')),
  created_at timestamptz not null default now()
);
create index caldav_events_org_idx on caldav_events (org_id);
create index caldav_events_pending_idx on caldav_events (org_id) where pending is not null;
