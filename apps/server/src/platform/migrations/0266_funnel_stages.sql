-- The funnel a manager reads: dialled → answered → a person → a conversation → booked (0200 kept dialled, reached,
-- keen and booked). Two stages join each contact's progress and the rollups over it:
-- - answered: some call to the contact was picked up, an answering machine included;
-- - conversation: some call reached a person and lasted over 30 seconds (a greeting and a "not now" take less).
-- Kept by the same triggers (calls → contact_funnel → funnel_rollups), replaced here with the two stages added.
alter table contact_funnel add column answered boolean not null default false;
alter table contact_funnel add column conversation boolean not null default false;
alter table funnel_rollups add column answered integer not null default 0;
alter table funnel_rollups add column conversations integer not null default 0;

create or replace function contact_funnel_from_calls() returns trigger
language plpgsql as $$
begin
  insert into contact_funnel (contact_id, org_id, campaign_id, first_slot, connected, interested, booked, answered, conversation)
  select w.contact_id, (array_agg(w.org_id))[1], (array_agg(w.campaign_id))[1], min(floor(extract(epoch from w.started_at) / 900)::bigint),
         bool_or(k.connected), bool_or(k.connected and coalesce(w.outcome in ('interested', 'scheduled'), false)),
         bool_or(k.connected and w.outcome is not distinct from 'scheduled'),
         bool_or(w.answered_at is not null), bool_or(k.connected and w.duration_secs > 30)
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
    booked = contact_funnel.booked or excluded.booked,
    answered = contact_funnel.answered or excluded.answered,
    conversation = contact_funnel.conversation or excluded.conversation
  where (contact_funnel.first_slot, contact_funnel.connected, contact_funnel.interested, contact_funnel.booked,
         contact_funnel.answered, contact_funnel.conversation)
        is distinct from (least(contact_funnel.first_slot, excluded.first_slot), contact_funnel.connected or excluded.connected,
                          contact_funnel.interested or excluded.interested, contact_funnel.booked or excluded.booked,
                          contact_funnel.answered or excluded.answered, contact_funnel.conversation or excluded.conversation);
  return null;
end
$$;

create or replace function funnel_rollups_apply() returns trigger
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
    insert into funnel_rollups (org_id, campaign_id, slot, dialled, connected, interested, booked, answered, conversations)
    select d.org_id, d.campaign_id, d.first_slot, sum(d.sign), sum(d.sign * d.connected::int), sum(d.sign * d.interested::int),
           sum(d.sign * d.booked::int), sum(d.sign * d.answered::int), sum(d.sign * d.conversation::int)
      from (%s) d
     where exists (select 1 from organizations g where g.id = d.org_id)
     group by d.org_id, d.campaign_id, d.first_slot
     order by d.org_id, d.campaign_id, d.first_slot
    on conflict (org_id, campaign_id, slot) do update set
      dialled = funnel_rollups.dialled + excluded.dialled, connected = funnel_rollups.connected + excluded.connected,
      interested = funnel_rollups.interested + excluded.interested, booked = funnel_rollups.booked + excluded.booked,
      answered = funnel_rollups.answered + excluded.answered, conversations = funnel_rollups.conversations + excluded.conversations
  $q$, source);
  return null;
end
$$;

-- Contacts dialled before this migration: their two new stages from their calls. Updating contact_funnel runs the
-- trigger above, which takes each contact out of its slot without the stages and puts it back with them.
update contact_funnel f set answered = c.answered, conversation = c.conversation
  from (select c.contact_id, bool_or(c.answered_at is not null) as answered,
               bool_or(c.answered_at is not null and coalesce(c.outcome, '') <> 'voicemail' and c.duration_secs > 30)
                 as conversation
          from calls c
         where c.contact_id is not null and c.campaign_id is not null and c.direction <> 'WEB'
         group by c.contact_id) c
 where f.contact_id = c.contact_id and (c.answered or c.conversation);
