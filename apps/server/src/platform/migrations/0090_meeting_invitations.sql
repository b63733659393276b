-- Meeting invitations by email: one row per message about a meeting (the booking's REQUEST, each change's
-- REQUEST with a higher SEQUENCE, the CANCEL). Queued like webhook deliveries, so an SMTP outage loses none
-- and never touches the booking; the newest row of a meeting is what the calendar shows.
create table meeting_invitations (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  event_id uuid not null references calendar_events(id) on delete cascade,
  method text not null check (method in ('REQUEST', 'CANCEL')),
  -- The ICS SEQUENCE: 0 for the first invitation of a meeting, one more for each message after it.
  sequence int not null,
  recipients text[] not null,
  -- The message as written when queued (the meeting as it was then): subject, plain text and the ICS.
  subject text not null,
  body text not null,
  ics text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'superseded')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (event_id, sequence)
);
create index meeting_invitations_due on meeting_invitations (next_attempt_at) where status = 'pending';
create index meeting_invitations_event on meeting_invitations (org_id, event_id, sequence desc);
