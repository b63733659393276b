-- Organisation defaults (Settings screen): how the voice agent introduces itself, and what new campaigns
-- start from. One row per organisation, created on first save; no row means every default.
create table org_settings (
  org_id uuid primary key references organizations(id) on delete cascade,
  agent_name text not null default '',
  company_name text not null default '',
  timezone text,
  business_hours_start text not null default '09:00',
  business_hours_end text not null default '17:00',
  default_voice_id text,
  updated_at timestamptz not null default now()
);
