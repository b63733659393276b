-- Single-use tickets for the browser's WebSockets (test call, listen-in), kept in the database so the socket
-- may reach any API process behind a load balancer, not only the one that issued the ticket (issue 19).
-- Only the SHA-256 of a ticket is stored: a database read does not hand out live tickets.
create table socket_tickets (
  ticket_hash bytea primary key,
  purpose text not null check (purpose in ('test-call', 'listen')),
  org_id uuid not null references organizations(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  subject text not null,
  expires_at timestamptz not null
);
create index socket_tickets_expiry on socket_tickets (expires_at);
