-- Who listened in on a live call, took it over or handed it back, and when (the call's details show them).
create table call_interventions (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  call_id uuid not null references calls(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  kind text not null check (kind in ('listen', 'take_over', 'hand_back')),
  at timestamptz not null default now()
);
create index call_interventions_call on call_interventions (call_id, at);
