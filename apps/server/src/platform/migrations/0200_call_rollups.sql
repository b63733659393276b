-- Analytics reads rollups, not calls: per organisation, 15-minute slot (every time zone's offset is a whole
-- number of quarter hours, so slots fold exactly into any zone's hours, days and weeks) and campaign, the
-- figures the analytics screen shows. A quarter is then a few thousand rows however many calls it holds.
-- Kept current by statement-level triggers on calls, the way call_log_counts is (0012): each statement
-- subtracts what the rows it changed counted for and adds what they count for now, so a call is counted
-- the moment it starts and corrected as it is answered, ends and gets its outcome and sentiment.

-- Voice-to-voice gaps of a call's measured agent turns (see LatencyMark in packages/voice): their sum and count.
create function call_gap_total(latency jsonb) returns float8
language sql immutable as $$
  select coalesce(sum((m->>'firstFrameSent')::float8 - (m->>'endOfSpeech')::float8), 0)
    from jsonb_array_elements(case when jsonb_typeof(latency) = 'array' then latency else '[]'::jsonb end) m
   where jsonb_typeof(m->'firstFrameSent') = 'number' and jsonb_typeof(m->'endOfSpeech') = 'number'
$$;
create function call_gap_count(latency jsonb) returns integer
language sql immutable as $$
  select count(*)::int
    from jsonb_array_elements(case when jsonb_typeof(latency) = 'array' then latency else '[]'::jsonb end) m
   where jsonb_typeof(m->'firstFrameSent') = 'number' and jsonb_typeof(m->'endOfSpeech') = 'number'
$$;

create table call_rollups (
  org_id uuid not null references organizations(id) on delete cascade,
  -- floor(epoch of started_at / 900)
  slot bigint not null,
  -- the campaign, or the zero uuid for calls without one
  campaign_key uuid not null,
  calls integer not null default 0,
  -- a person answered: picked up, and not an answering machine
  connected integer not null default 0,
  booked integer not null default 0,
  positive integer not null default 0,
  neutral integer not null default 0,
  negative integer not null default 0,
  unrated integer not null default 0,
  -- seconds of the connected calls (their average is connected_secs / connected)
  connected_secs bigint not null default 0,
  gap_total float8 not null default 0,
  gap_n integer not null default 0,
  primary key (org_id, slot, campaign_key)
);

-- Each statement adds what the rows it wrote count for and takes back what the rows it replaced or removed
-- counted for; an update that changes none of the columns a rollup reads (a transcript turn, a summary)
-- writes nothing. Browser test calls (direction WEB) are staff trying the agent: never counted. Rows are
-- sorted by key, so two statements touching the same slots lock them in one order. (One dynamic statement
-- for the three cases: the transition tables are only visible in the trigger's own function.)
create function call_rollups_apply() returns trigger
language plpgsql as $$
declare
  changed constant text := '(o.org_id, o.campaign_id, o.started_at, o.answered_at, o.outcome, o.sentiment, o.duration_secs, o.latency, o.direction)
    is distinct from (w.org_id, w.campaign_id, w.started_at, w.answered_at, w.outcome, w.sentiment, w.duration_secs, w.latency, w.direction)';
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
    insert into call_rollups (org_id, slot, campaign_key, calls, connected, booked, positive, neutral, negative, unrated, connected_secs, gap_total, gap_n)
    select d.org_id, k.slot, k.campaign_key, sum(d.sign), sum(d.sign * k.connected::int), sum(d.sign * (d.outcome is not distinct from 'scheduled')::int),
           sum(d.sign * (d.sentiment is not distinct from 'positive')::int), sum(d.sign * (d.sentiment is not distinct from 'neutral')::int),
           sum(d.sign * (d.sentiment is not distinct from 'negative')::int),
           sum(d.sign * (d.sentiment is null or d.sentiment not in ('positive', 'neutral', 'negative'))::int),
           sum(d.sign * case when k.connected then d.duration_secs else 0 end),
           sum(d.sign * call_gap_total(d.latency)), sum(d.sign * call_gap_count(d.latency))
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
      gap_total = call_rollups.gap_total + excluded.gap_total, gap_n = call_rollups.gap_n + excluded.gap_n
  $q$, source);
  return null;
end
$$;

create trigger calls_rollups_insert after insert on calls referencing new table as new_rows
  for each statement execute function call_rollups_apply();
create trigger calls_rollups_update after update on calls referencing old table as old_rows new table as new_rows
  for each statement execute function call_rollups_apply();
create trigger calls_rollups_delete after delete on calls referencing old table as old_rows
  for each statement execute function call_rollups_apply();

-- Calls written before this migration.
insert into call_rollups (org_id, slot, campaign_key, calls, connected, booked, positive, neutral, negative, unrated, connected_secs, gap_total, gap_n)
select c.org_id, floor(extract(epoch from c.started_at) / 900)::bigint, coalesce(c.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid),
       count(*), count(*) filter (where k.connected), count(*) filter (where c.outcome = 'scheduled'),
       count(*) filter (where c.sentiment = 'positive'), count(*) filter (where c.sentiment = 'neutral'), count(*) filter (where c.sentiment = 'negative'),
       count(*) filter (where c.sentiment is null or c.sentiment not in ('positive', 'neutral', 'negative')),
       coalesce(sum(c.duration_secs) filter (where k.connected), 0), sum(call_gap_total(c.latency)), sum(call_gap_count(c.latency))
  from calls c cross join lateral (select (c.answered_at is not null and coalesce(c.outcome, '') <> 'voicemail') as connected) k
 where c.direction <> 'WEB'
 group by 1, 2, 3;

-- The funnel: each contact's progress (the slot it was first dialled in, and whether it has ever been
-- reached, keen or booked), and per organisation, campaign and first-dial slot the counts of those contacts,
-- so a period's funnel is the contacts first dialled in it and how far they have got, read from a few
-- thousand rows. Kept by the same statement triggers: calls → contact_funnel → funnel_rollups.
create table contact_funnel (
  contact_id uuid primary key,
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  first_slot bigint not null,
  connected boolean not null,
  interested boolean not null,
  booked boolean not null
);

create table funnel_rollups (
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  slot bigint not null,
  dialled integer not null default 0,
  connected integer not null default 0,
  interested integer not null default 0,
  booked integer not null default 0,
  primary key (org_id, campaign_id, slot)
);

-- A contact's calls only ever move it forward: its first slot can only get earlier and a stage once reached
-- stays reached (a deleted call is not taken back: calls go only with their organisation or campaign).
create function contact_funnel_from_calls() returns trigger
language plpgsql as $$
begin
  insert into contact_funnel (contact_id, org_id, campaign_id, first_slot, connected, interested, booked)
  select w.contact_id, (array_agg(w.org_id))[1], (array_agg(w.campaign_id))[1], min(floor(extract(epoch from w.started_at) / 900)::bigint),
         bool_or(k.connected), bool_or(k.connected and coalesce(w.outcome in ('interested', 'scheduled'), false)),
         bool_or(k.connected and w.outcome is not distinct from 'scheduled')
    from new_rows w
   cross join lateral (select (w.answered_at is not null and coalesce(w.outcome, '') <> 'voicemail') as connected) k
   where w.contact_id is not null and w.campaign_id is not null and w.direction <> 'WEB'
     and exists (select 1 from organizations g where g.id = w.org_id)
   group by w.contact_id
   order by w.contact_id
  on conflict (contact_id) do update set
    first_slot = least(contact_funnel.first_slot, excluded.first_slot),
    connected = contact_funnel.connected or excluded.connected,
    interested = contact_funnel.interested or excluded.interested,
    booked = contact_funnel.booked or excluded.booked
  where (contact_funnel.first_slot, contact_funnel.connected, contact_funnel.interested, contact_funnel.booked)
        is distinct from (least(contact_funnel.first_slot, excluded.first_slot), contact_funnel.connected or excluded.connected,
                          contact_funnel.interested or excluded.interested, contact_funnel.booked or excluded.booked);
  return null;
end
$$;

create trigger calls_funnel_insert after insert on calls referencing new table as new_rows
  for each statement execute function contact_funnel_from_calls();
create trigger calls_funnel_update after update on calls referencing new table as new_rows
  for each statement execute function contact_funnel_from_calls();

-- Each change to a contact's progress moves its counts: taken back from its old slot, added at its new one.
create function funnel_rollups_apply() returns trigger
language plpgsql as $$
declare
  source text;
begin
  if tg_op = 'INSERT' then
    source := 'select 1 as sign, w.* from new_rows w';
  elsif tg_op = 'DELETE' then
    source := 'select -1 as sign, o.* from old_rows o';
  else
    source := 'select 1 as sign, w.* from new_rows w union all select -1, o.* from old_rows o';
  end if;
  execute format($q$
    insert into funnel_rollups (org_id, campaign_id, slot, dialled, connected, interested, booked)
    select d.org_id, d.campaign_id, d.first_slot, sum(d.sign), sum(d.sign * d.connected::int), sum(d.sign * d.interested::int), sum(d.sign * d.booked::int)
      from (%s) d
     where exists (select 1 from organizations g where g.id = d.org_id)
     group by d.org_id, d.campaign_id, d.first_slot
     order by d.org_id, d.campaign_id, d.first_slot
    on conflict (org_id, campaign_id, slot) do update set
      dialled = funnel_rollups.dialled + excluded.dialled, connected = funnel_rollups.connected + excluded.connected,
      interested = funnel_rollups.interested + excluded.interested, booked = funnel_rollups.booked + excluded.booked
  $q$, source);
  return null;
end
$$;

create trigger contact_funnel_insert after insert on contact_funnel referencing new table as new_rows
  for each statement execute function funnel_rollups_apply();
create trigger contact_funnel_update after update on contact_funnel referencing old table as old_rows new table as new_rows
  for each statement execute function funnel_rollups_apply();
create trigger contact_funnel_delete after delete on contact_funnel referencing old table as old_rows
  for each statement execute function funnel_rollups_apply();

-- A contact that goes (its campaign deleted, or removed from the list) takes its progress with it.
create function contact_funnel_forget() returns trigger
language plpgsql as $$
begin
  delete from contact_funnel f using old_rows o where f.contact_id = o.id;
  return null;
end
$$;
create trigger contacts_funnel_delete after delete on contacts referencing old table as old_rows
  for each statement execute function contact_funnel_forget();

-- Calls written before this migration.
insert into contact_funnel (contact_id, org_id, campaign_id, first_slot, connected, interested, booked)
select c.contact_id, (array_agg(c.org_id))[1], (array_agg(c.campaign_id))[1], min(floor(extract(epoch from c.started_at) / 900)::bigint),
       bool_or(k.connected), bool_or(k.connected and coalesce(c.outcome in ('interested', 'scheduled'), false)),
       bool_or(k.connected and c.outcome is not distinct from 'scheduled')
  from calls c
 cross join lateral (select (c.answered_at is not null and coalesce(c.outcome, '') <> 'voicemail') as connected) k
 where c.contact_id is not null and c.campaign_id is not null and c.direction <> 'WEB'
 group by c.contact_id;
