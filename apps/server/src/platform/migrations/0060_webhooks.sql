-- Outbound webhooks: endpoints an organisation registers, and the deliveries queued for them. Deliveries
-- are rows, not memory, so a restart loses none; a worker leases due rows (FOR UPDATE SKIP LOCKED).
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  url text not null,
  description text not null default '',
  events text[] not null,
  -- whsec_…: the Standard Webhooks signing secret; needed in clear to sign, shown to the user once.
  secret text not null,
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_org on webhook_endpoints (org_id, created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  -- webhook-id: a resend keeps the message's id so receivers can drop duplicates.
  message_id text not null,
  event_type text not null,
  -- The exact JSON sent (and signed).
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_status_code int,
  last_error text,
  last_response text,
  last_attempt_at timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);
