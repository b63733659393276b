-- Recordings that could not be stored when their call ended (the store unreachable: an S3 outage, a full
-- disk). The call completes anyway; the bytes wait here and every API and worker process retries them
-- (features/calls/recording-uploads.ts) until the store takes them, then the row goes. The call log says
-- "recording pending" while a row exists.
create table pending_recordings (
  call_id uuid primary key references calls(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  storage_key text not null,
  body bytea not null,
  attempts integer not null default 0,
  -- Also the lease: a process trying an upload moves it ahead, so no other process tries the same one meanwhile.
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now()
);
create index pending_recordings_due on pending_recordings (next_attempt_at);
alter table pending_recordings alter column body set storage external;
