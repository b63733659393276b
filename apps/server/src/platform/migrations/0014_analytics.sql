-- Analytics and the dashboard read an organisation's calls by start time; the live view reads its open calls.
create index calls_org_started_idx on calls (org_id, started_at);
create index calls_org_open_idx on calls (org_id, started_at) where ended_at is null;
