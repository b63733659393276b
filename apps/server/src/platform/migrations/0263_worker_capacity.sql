-- What each process that places calls can carry, as it last reported (features/dialer/capacity.repo.ts): its
-- cores, calls live, the calls it can serve in real time, and the campaigns whose due calls it held back for
-- capacity on its last pass. The API process that shows a campaign or the dashboard may not be the one dialling,
-- so the database is where they meet. Not customer data: counts and the ids of the campaigns held back.
create table worker_capacity (
  worker_id text primary key,
  host text not null,
  cores integer not null,
  live_calls integer not null,
  capacity integer not null,
  held_campaigns uuid[] not null default '{}',
  message text,
  reported_at timestamptz not null
);
create index worker_capacity_reported on worker_capacity (reported_at);
