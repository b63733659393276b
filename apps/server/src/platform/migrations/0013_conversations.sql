-- Email and WhatsApp conversation logs, stored per organisation from the inbound webhooks.

-- The secret in an org's inbound-email webhook address (/api/webhooks/email/{token}); rotated on demand.
create table email_inbound_tokens (
  org_id uuid primary key references organizations(id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);

create table email_threads (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  subject text not null,
  -- Subject without Re:/Fwd: prefixes, lower-cased: the fallback when a reply carries no references.
  subject_key text not null,
  contact_email text not null,
  message_count int not null default 0,
  last_message_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index email_threads_org_recent on email_threads (org_id, last_message_at desc);
create index email_threads_org_subject on email_threads (org_id, subject_key, contact_email);

create table email_messages (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  thread_id uuid not null references email_threads(id) on delete cascade,
  message_id text not null,
  from_address text not null,
  to_addresses text not null,
  subject text not null,
  body text not null,
  sent_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (org_id, message_id)
);
create index email_messages_thread on email_messages (thread_id, sent_at);

-- One WhatsApp Business number per org: Meta's phone_number_id tells which org a webhook is for.
create table whatsapp_channels (
  org_id uuid primary key references organizations(id) on delete cascade,
  phone_number_id text not null unique,
  app_secret text not null,
  verify_token text not null,
  updated_at timestamptz not null default now()
);

create table whatsapp_contacts (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  phone text not null,
  name text not null default '',
  -- Messages from the contact after this moment are unread; opening the conversation moves it.
  last_read_at timestamptz,
  created_at timestamptz not null default now(),
  unique (org_id, phone)
);

create table whatsapp_messages (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  contact_id uuid not null references whatsapp_contacts(id) on delete cascade,
  provider_message_id text not null,
  role text not null check (role in ('user', 'assistant')),
  message_type text not null default 'text',
  content text not null,
  status text check (status in ('sent', 'delivered', 'read', 'failed')),
  sent_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (org_id, provider_message_id)
);
create index whatsapp_messages_contact on whatsapp_messages (contact_id, sent_at, created_at);
