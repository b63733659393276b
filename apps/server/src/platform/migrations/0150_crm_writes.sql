-- What a finished call writes back to the CRM its contact came from (HubSpot so far): the call activity, the
-- meeting it booked, the opt-out. Queued here when the call ends and sent by a queue loop (features/integrations/
-- crm-sync-delivery.ts), so a CRM that is down or refuses the token loses nothing. `activity` is the write as it
-- was composed when the call ended (crm-provider.ts's CrmActivity). A write waits while its CRM's connection
-- is not 'connected' (reconnect, or disconnected) and goes out once it is again.
create table crm_writes (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  call_id uuid not null references calls(id) on delete cascade,
  provider text not null check (provider in ('hubspot')),
  kind text not null check (kind in ('call', 'meeting', 'do_not_call')),
  crm_contact_id text not null,
  activity jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'synced', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  -- The CRM's id of what was created (a HubSpot call or meeting), for a reader following it there.
  crm_object_id text,
  synced_at timestamptz,
  created_at timestamptz not null default now(),
  unique (call_id, kind)
);
create index crm_writes_due on crm_writes (next_attempt_at) where status = 'pending';
create index crm_writes_org_call on crm_writes (org_id, call_id);
