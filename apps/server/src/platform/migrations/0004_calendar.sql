-- Calendar: meetings booked by the voice agent or created by staff, and per-org ICS feeds.
-- contact_id, campaign_id and call_id are plain uuids for now: their tables are written in parallel;
-- foreign keys follow once those migrations exist.
create table calendar_events (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  title text not null,
  description text not null default '',
  location text not null default '',
  is_virtual boolean not null default false,
  meeting_url text,
  start_at timestamptz not null,
  end_at timestamptz not null,
  timezone text not null default 'UTC',
  attendees jsonb not null default '[]'::jsonb,
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  source text not null check (source in ('agent', 'staff')),
  contact_id uuid,
  campaign_id uuid,
  call_id uuid,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_at > start_at)
);
create index calendar_events_org_start_idx on calendar_events (org_id, start_at);
create index calendar_events_org_campaign_idx on calendar_events (org_id, campaign_id);

-- One active secret feed URL per org; the token is stored hashed, rotating revokes the previous one.
create table calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index calendar_feeds_org_idx on calendar_feeds (org_id);
