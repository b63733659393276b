-- A scorecard per ended call (features/scorecard): its checks as computed by the rules of `version`. Kept so the
-- campaign view counts pass rates without re-reading transcripts; a call without one (older calls, or a newer rules
-- version) is scored when it is read.
create table call_scorecards (
  call_id uuid primary key references calls(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid references campaigns(id) on delete set null,
  version integer not null,
  -- [{check, result, line: {index, at_ms} | null, value, note}] in the order of SCORECARD_CHECKS
  checks jsonb not null,
  -- the checks it failed, for the campaign's list of failed calls
  failed text[] not null default '{}',
  computed_at timestamptz not null default now()
);
create index call_scorecards_campaign_idx on call_scorecards (campaign_id, org_id);
create index call_scorecards_failed_idx on call_scorecards (campaign_id) where cardinality(failed) > 0;
