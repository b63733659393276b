-- Team invitations by email (when SMTP_URL is set): one row per message carrying an invitation's one-time link,
-- queued and retried like meeting invitations. A new link for the invitation supersedes the waiting message.
-- The link is the credential, so `body` holds it sealed (AES-256-GCM under INTEGRATIONS_KEY, bound to the
-- organisation) and only until the message is sent, given up, superseded, or the invitation is used or revoked:
-- then it is set to null and only the hash in team_invitations remains.
create table team_invitation_mails (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  invitation_id uuid not null references team_invitations(id) on delete cascade,
  recipient text not null,
  subject text not null,
  body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'superseded')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  lease_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index team_invitation_mails_due on team_invitation_mails (next_attempt_at) where status = 'pending';
create index team_invitation_mails_invitation on team_invitation_mails (org_id, invitation_id, created_at desc);
