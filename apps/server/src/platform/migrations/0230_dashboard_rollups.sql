-- The Dashboard's all-time figures from call_rollups (0200) instead of a pass over every call (4.2 s on
-- PGlite at a million calls). Calls and appointments are already there; two of its figures count calls
-- the rollups did not tell apart, so they get columns of their own rather than a new meaning:
-- - the average call duration is over connected calls that have ended (an answered call still on the
--   line has no duration yet), where the rollups' connected_secs / connected also counts calls in progress;
-- - the minutes used are the minutes the dialer charged: each ended call it placed (attempt_id set),
--   rounded up to whole minutes per call. Only the dialer sets attempt_id, never a browser test call
--   (direction WEB), so skipping those calls as the rollups do leaves this figure whole.
alter table call_rollups add column ended_connected integer not null default 0;
alter table call_rollups add column ended_connected_secs bigint not null default 0;
alter table call_rollups add column charged_minutes bigint not null default 0;

-- As in 0200, plus the three columns and the two call columns they read (ended_at, attempt_id).
create or replace function call_rollups_apply() returns trigger
language plpgsql as $$
declare
  changed constant text := '(o.org_id, o.campaign_id, o.started_at, o.answered_at, o.ended_at, o.attempt_id, o.outcome, o.sentiment, o.duration_secs, o.latency, o.direction)
    is distinct from (w.org_id, w.campaign_id, w.started_at, w.answered_at, w.ended_at, w.attempt_id, w.outcome, w.sentiment, w.duration_secs, w.latency, w.direction)';
  source text;
begin
  if tg_op = 'INSERT' then
    source := 'select 1 as sign, w.* from new_rows w';
  elsif tg_op = 'DELETE' then
    source := 'select -1 as sign, o.* from old_rows o';
  else
    source := 'select 1 as sign, w.* from old_rows o join new_rows w on w.id = o.id where ' || changed
      || ' union all select -1, o.* from old_rows o join new_rows w on w.id = o.id where ' || changed;
  end if;
  execute format($q$
    insert into call_rollups (org_id, slot, campaign_key, calls, connected, booked, positive, neutral, negative, unrated, connected_secs, gap_total, gap_n,
                              ended_connected, ended_connected_secs, charged_minutes)
    select d.org_id, k.slot, k.campaign_key, sum(d.sign), sum(d.sign * k.connected::int), sum(d.sign * (d.outcome is not distinct from 'scheduled')::int),
           sum(d.sign * (d.sentiment is not distinct from 'positive')::int), sum(d.sign * (d.sentiment is not distinct from 'neutral')::int),
           sum(d.sign * (d.sentiment is not distinct from 'negative')::int),
           sum(d.sign * (d.sentiment is null or d.sentiment not in ('positive', 'neutral', 'negative'))::int),
           sum(d.sign * case when k.connected then d.duration_secs else 0 end),
           sum(d.sign * call_gap_total(d.latency)), sum(d.sign * call_gap_count(d.latency)),
           sum(d.sign * (k.connected and d.ended_at is not null)::int),
           sum(d.sign * case when k.connected and d.ended_at is not null then d.duration_secs else 0 end),
           sum(d.sign * case when d.attempt_id is not null and d.ended_at is not null then ceil(d.duration_secs / 60.0)::bigint else 0 end)
      from (%s) d
     cross join lateral (select floor(extract(epoch from d.started_at) / 900)::bigint as slot,
                                coalesce(d.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_key,
                                (d.answered_at is not null and coalesce(d.outcome, '') <> 'voicemail') as connected) k
     where d.direction <> 'WEB'
       -- An organisation being deleted takes its rollups with it: its calls' removal must not recreate them.
       and exists (select 1 from organizations g where g.id = d.org_id)
     group by d.org_id, k.slot, k.campaign_key
     order by d.org_id, k.slot, k.campaign_key
    on conflict (org_id, slot, campaign_key) do update set
      calls = call_rollups.calls + excluded.calls, connected = call_rollups.connected + excluded.connected,
      booked = call_rollups.booked + excluded.booked, positive = call_rollups.positive + excluded.positive,
      neutral = call_rollups.neutral + excluded.neutral, negative = call_rollups.negative + excluded.negative,
      unrated = call_rollups.unrated + excluded.unrated, connected_secs = call_rollups.connected_secs + excluded.connected_secs,
      gap_total = call_rollups.gap_total + excluded.gap_total, gap_n = call_rollups.gap_n + excluded.gap_n,
      ended_connected = call_rollups.ended_connected + excluded.ended_connected,
      ended_connected_secs = call_rollups.ended_connected_secs + excluded.ended_connected_secs,
      charged_minutes = call_rollups.charged_minutes + excluded.charged_minutes
  $q$, source);
  return null;
end
$$;

-- Calls written before this migration: their rollup rows exist (0200), only the new columns are filled in.
update call_rollups r
   set ended_connected = c.ended_connected, ended_connected_secs = c.ended_connected_secs, charged_minutes = c.charged_minutes
  from (select c.org_id, floor(extract(epoch from c.started_at) / 900)::bigint as slot,
               coalesce(c.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_key,
               count(*) filter (where k.connected and c.ended_at is not null) as ended_connected,
               coalesce(sum(c.duration_secs) filter (where k.connected and c.ended_at is not null), 0) as ended_connected_secs,
               coalesce(sum(ceil(c.duration_secs / 60.0)) filter (where c.attempt_id is not null and c.ended_at is not null), 0) as charged_minutes
          from calls c
         cross join lateral (select (c.answered_at is not null and coalesce(c.outcome, '') <> 'voicemail') as connected) k
         where c.direction <> 'WEB'
         group by 1, 2, 3) c
 where r.org_id = c.org_id and r.slot = c.slot and r.campaign_key = c.campaign_key;
