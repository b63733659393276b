-- Call history (Conversation Logs): the status a call log shows and the text its search box looks in are
-- stored generated columns, so filters and search use indexes instead of recomputing them per row.

-- What a call amounts to for the log: still running, the conversation's outcome, or why it never was one.
create function call_log_status(status text, outcome text, ended boolean) returns text
language sql immutable as $$
  select case
    when not ended then 'in_progress'
    when outcome in ('interested', 'not_interested', 'follow_up', 'scheduled', 'voicemail', 'no_answer', 'busy', 'failed', 'dropped', 'do_not_call') then outcome
    when status in ('no_answer', 'busy', 'failed', 'dropped') then status
    else 'completed'
  end
$$;

-- Everything the search box matches (spec: name, phone, email, services/product, budget, date-time, status),
-- lower-cased. Date-time is the UTC start as shown in the log; the time zone is fixed, so this is immutable.
create function call_log_search_text(name text, phone text, email text, service text, budget text, status text, started timestamptz) returns text
language sql immutable as $$
  select lower(concat_ws(' ', name, phone, email, service, budget, status, replace(status, '_', ' '),
    to_char(started at time zone 'UTC', 'YYYY-MM-DD HH24:MI')))
$$;

alter table calls add column log_status text generated always as (call_log_status(status, outcome, ended_at is not null)) stored;
alter table calls add column search_text text generated always as (
  call_log_search_text(lead_name, lead_phone, lead_email, service, budget, call_log_status(status, outcome, ended_at is not null), started_at)
) stored;

-- The log's order is newest start first; id breaks ties so keyset paging (the export) never skips a row.
create index calls_log_idx on calls (org_id, started_at desc, id desc);
create index calls_log_status_idx on calls (org_id, log_status, started_at desc, id desc);
create index calls_log_campaign_idx on calls (org_id, campaign_id, started_at desc, id desc);

-- Substring search over a million rows needs trigrams. PostgreSQL has pg_trgm; embedded PGlite does not
-- load it, so there the same ILIKE query scans (fine at PGlite's sizes).
do $$
begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm is not available: call log search runs without a trigram index';
end
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index calls_log_search_idx on calls using gin (search_text gin_trgm_ops)';
  end if;
end
$$;

-- The log's totals ('N Calls', '1-10 of N') without counting a million rows on every page: a running count
-- per organisation, campaign, direction and status, kept by statement-level triggers (one upsert per statement,
-- so bulk inserts stay cheap; updates that change none of the four, like transcript turns, write nothing).
create table call_log_counts (
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_key uuid not null,
  direction text not null,
  log_status text not null,
  n bigint not null,
  primary key (org_id, campaign_key, direction, log_status)
);

-- Each statement adds the rows it created and subtracts the ones it removed; for updates, only rows whose
-- organisation, campaign, direction or status changed count. Decrements only touch existing counters: when an
-- organisation is deleted its calls go with it and must not recreate counters for it.
create function call_log_counts_apply() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into call_log_counts (org_id, campaign_key, direction, log_status, n)
    select org_id, coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid), direction, log_status, count(*)
      from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (org_id, campaign_key, direction, log_status) do update set n = call_log_counts.n + excluded.n;
  elsif tg_op = 'DELETE' then
    update call_log_counts k set n = k.n - d.n
      from (select org_id, coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_key, direction, log_status, count(*) as n
              from old_rows group by 1, 2, 3, 4) d
     where k.org_id = d.org_id and k.campaign_key = d.campaign_key and k.direction = d.direction and k.log_status = d.log_status;
  else
    insert into call_log_counts (org_id, campaign_key, direction, log_status, n)
    select org_id, campaign_key, direction, log_status, sum(n)
      from (select o.org_id, coalesce(o.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_key, o.direction, o.log_status, -1 as n
              from old_rows o join new_rows w on w.id = o.id
             where (o.org_id, o.campaign_id, o.direction, o.log_status) is distinct from (w.org_id, w.campaign_id, w.direction, w.log_status)
            union all
            select w.org_id, coalesce(w.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid), w.direction, w.log_status, 1
              from old_rows o join new_rows w on w.id = o.id
             where (o.org_id, o.campaign_id, o.direction, o.log_status) is distinct from (w.org_id, w.campaign_id, w.direction, w.log_status)) moves
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (org_id, campaign_key, direction, log_status) do update set n = call_log_counts.n + excluded.n;
  end if;
  return null;
end
$$;

create trigger calls_log_counts_insert after insert on calls referencing new table as new_rows
  for each statement execute function call_log_counts_apply();
create trigger calls_log_counts_update after update on calls referencing old table as old_rows new table as new_rows
  for each statement execute function call_log_counts_apply();
create trigger calls_log_counts_delete after delete on calls referencing old table as old_rows
  for each statement execute function call_log_counts_apply();

-- Calls written before this migration.
insert into call_log_counts (org_id, campaign_key, direction, log_status, n)
select org_id, coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid), direction, log_status, count(*)
  from calls group by 1, 2, 3, 4;

-- View Details shows the meeting a call booked: the agent's booking path sets calendar_events.call_id.
create index calendar_events_call_idx on calendar_events (call_id) where call_id is not null;
