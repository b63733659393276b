-- When contacts answer: per organisation, campaign, weekday and hour on the contact's own clock, how many dialled
-- calls ended, how many were picked up and how many by a person. The analytics heat map reads it, and the dialer
-- moves retries into the hours that answer best (features/dialer/best-retry-hour.ts). 168 cells per campaign
-- however many calls, kept by statement triggers on calls in the pattern of call_rollups (0200).

-- The contact's UTC offset in minutes when the dialer placed the call (from the zone of their number, the one
-- the agent speaks times in: features/calls/contact-zone.ts). An offset rather than a zone name: the cell is a
-- pure function of the row (no zone database PostgreSQL might lack), and a DST change moves the offset, not the
-- contact's hour. Null for calls the dialer did not place, and for calls placed before this migration, whose
-- contact's zone was never recorded: the heat map starts from the calls placed since.
alter table calls add column contact_offset_mins smallint;

create table answer_hour_rollups (
  org_id uuid not null references organizations(id) on delete cascade,
  -- the campaign, or the zero uuid once a campaign is deleted (its calls stay history)
  campaign_key uuid not null,
  -- ISO weekday (1 Monday … 7 Sunday) and hour 0–23, on the contact's clock at the call's start
  weekday smallint not null,
  hour smallint not null,
  -- calls the dialer placed that have ended (a call still ringing has not yet said whether anyone answers)
  dialled integer not null default 0,
  -- picked up, an answering machine included
  answered integer not null default 0,
  -- a person answered: picked up, and not an answering machine (what call_rollups calls connected)
  people integer not null default 0,
  primary key (org_id, campaign_key, weekday, hour)
);

-- As call_rollups_apply: each statement takes back what the rows it changed counted for and adds what they count
-- for now; an update that touches none of the columns read here writes nothing.
create function answer_hour_rollups_apply() returns trigger
language plpgsql as $$
declare
  changed constant text := '(o.org_id, o.campaign_id, o.attempt_id, o.started_at, o.answered_at, o.ended_at, o.outcome, o.contact_offset_mins)
    is distinct from (w.org_id, w.campaign_id, w.attempt_id, w.started_at, w.answered_at, w.ended_at, w.outcome, w.contact_offset_mins)';
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
    insert into answer_hour_rollups (org_id, campaign_key, weekday, hour, dialled, answered, people)
    select d.org_id, k.campaign_key, extract(isodow from k.local)::smallint, extract(hour from k.local)::smallint,
           sum(d.sign), sum(d.sign * (d.answered_at is not null)::int),
           sum(d.sign * (d.answered_at is not null and coalesce(d.outcome, '') <> 'voicemail')::int)
      from (%s) d
     cross join lateral (select coalesce(d.campaign_id, '00000000-0000-0000-0000-000000000000'::uuid) as campaign_key,
                                (d.started_at at time zone 'UTC') + d.contact_offset_mins * interval '1 minute' as local) k
     where d.attempt_id is not null and d.ended_at is not null and d.contact_offset_mins is not null
       and exists (select 1 from organizations g where g.id = d.org_id)
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (org_id, campaign_key, weekday, hour) do update set
      dialled = answer_hour_rollups.dialled + excluded.dialled,
      answered = answer_hour_rollups.answered + excluded.answered,
      people = answer_hour_rollups.people + excluded.people
  $q$, source);
  return null;
end
$$;

create trigger calls_answer_hours_insert after insert on calls referencing new table as new_rows
  for each statement execute function answer_hour_rollups_apply();
create trigger calls_answer_hours_update after update on calls referencing old table as old_rows new table as new_rows
  for each statement execute function answer_hour_rollups_apply();
create trigger calls_answer_hours_delete after delete on calls referencing old table as old_rows
  for each statement execute function answer_hour_rollups_apply();
