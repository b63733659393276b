-- Foundation: organisations, users, memberships, sessions, sign-in throttling, instance settings.

create table app_settings (
  key text primary key,
  value text not null
);

create table organizations (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  website text not null default '',
  contact_email text not null default '',
  contact_phone text not null default '',
  address text not null default '',
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique,
  username text not null unique,
  first_name text not null,
  last_name text not null,
  phone text not null default '',
  password_hash text,
  google_sub text unique,
  created_at timestamptz not null default now()
);

create table memberships (
  org_id uuid not null references organizations(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'member')),
  created_at timestamptz not null default now(),
  primary key (org_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

-- Refresh tokens are stored hashed; a family is one sign-in, rotated on every refresh.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references users(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

-- Failed sign-ins per account and per client address, shared by every API process.
create table auth_throttle (
  key text primary key,
  failures integer not null default 0,
  window_started_at timestamptz not null,
  locked_until timestamptz
);
