-- Experiments (docs/experiments.md): 2 to 4 variants of a campaign's opening line, goal and voice; each contact is
-- given one when the campaign launches, and every call records the variant it was placed with.
create table campaign_variants (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  -- A, B, C or D, in the order the variants were written
  label text not null,
  opening_line text not null,
  -- empty: the campaign's goal; null voice: the campaign's voice
  goal text not null default '',
  voice_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (campaign_id, label),
  foreign key (campaign_id, org_id) references campaigns (id, org_id) on delete cascade
);

-- The experiment's life: started when contacts are split (launch), ended when a winner is kept. `final_results`
-- keeps the figures the winner was chosen on.
create table campaign_experiments (
  campaign_id uuid primary key,
  org_id uuid not null references organizations(id) on delete cascade,
  started_at timestamptz,
  ended_at timestamptz,
  winner_id uuid references campaign_variants(id) on delete set null,
  moved_contacts integer,
  final_results jsonb,
  foreign key (campaign_id, org_id) references campaigns (id, org_id) on delete cascade
);

-- Each contact's variant now (what its next call uses) and the time zone it was split by.
create table contact_variants (
  contact_id uuid primary key references contacts(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  variant_id uuid not null references campaign_variants(id) on delete cascade,
  zone text not null
);
create index contact_variants_campaign_idx on contact_variants (campaign_id, variant_id);

-- The variant a call was placed with, set as the call row is written (dialer, ring now, an inbound call from a
-- contact), so no path that creates calls needs to know about experiments, and a later move of the contact to
-- another variant leaves the call's record as it was.
alter table calls add column variant_id uuid references campaign_variants(id) on delete set null;

create function calls_take_variant() returns trigger
language plpgsql as $$
begin
  if new.variant_id is null and new.contact_id is not null and new.direction <> 'WEB' then
    select cv.variant_id into new.variant_id from contact_variants cv where cv.contact_id = new.contact_id;
  end if;
  return new;
end
$$;
create trigger calls_variant_insert before insert on calls for each row execute function calls_take_variant();

-- The funnel per variant, kept like the campaign funnel (0200, 0266: calls → contact_funnel → funnel_rollups) but
-- per contact AND variant: a contact called with A and, after a winner was kept, with B counts under each for the
-- calls made with it. Per organisation, campaign, variant and 15-minute slot of the first call with the variant.
create table contact_variant_funnel (
  contact_id uuid not null references contacts(id) on delete cascade,
  variant_id uuid not null references campaign_variants(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  first_slot bigint not null,
  answered boolean not null,
  connected boolean not null,
  conversation boolean not null,
  booked boolean not null,
  primary key (contact_id, variant_id)
);

create table variant_funnel_rollups (
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  variant_id uuid not null,
  slot bigint not null,
  dialled integer not null default 0,
  answered integer not null default 0,
  connected integer not null default 0,
  conversations integer not null default 0,
  booked integer not null default 0,
  primary key (org_id, campaign_id, variant_id, slot)
);

-- A contact's calls with a variant only move it forward (the same rules as contact_funnel_from_calls).
create function contact_variant_funnel_from_calls() returns trigger
language plpgsql as $$
begin
  insert into contact_variant_funnel (contact_id, variant_id, org_id, campaign_id, first_slot, answered, connected,
                                      conversation, booked)
  select w.contact_id, w.variant_id, (array_agg(w.org_id))[1], (array_agg(w.campaign_id))[1],
         min(floor(extract(epoch from w.started_at) / 900)::bigint), bool_or(w.answered_at is not null),
         bool_or(k.connected), bool_or(k.connected and w.duration_secs > 30),
         bool_or(k.connected and w.outcome is not distinct from 'scheduled')
    from new_rows w
   cross join lateral (select (w.answered_at is not null and coalesce(w.outcome, '') <> 'voicemail') as connected) k
   where w.variant_id is not null and w.contact_id is not null and w.campaign_id is not null and w.direction <> 'WEB'
     and exists (select 1 from organizations g where g.id = w.org_id)
     and exists (select 1 from contacts c where c.id = w.contact_id)
   group by w.contact_id, w.variant_id
   order by w.contact_id, w.variant_id
  on conflict (contact_id, variant_id) do update set
    first_slot = least(contact_variant_funnel.first_slot, excluded.first_slot),
    answered = contact_variant_funnel.answered or excluded.answered,
    connected = contact_variant_funnel.connected or excluded.connected,
    conversation = contact_variant_funnel.conversation or excluded.conversation,
    booked = contact_variant_funnel.booked or excluded.booked
  where (contact_variant_funnel.first_slot, contact_variant_funnel.answered, contact_variant_funnel.connected,
         contact_variant_funnel.conversation, contact_variant_funnel.booked)
        is distinct from (least(contact_variant_funnel.first_slot, excluded.first_slot),
                          contact_variant_funnel.answered or excluded.answered,
                          contact_variant_funnel.connected or excluded.connected,
                          contact_variant_funnel.conversation or excluded.conversation,
                          contact_variant_funnel.booked or excluded.booked);
  return null;
end
$$;

create trigger calls_variant_funnel_insert after insert on calls referencing new table as new_rows
  for each statement execute function contact_variant_funnel_from_calls();
create trigger calls_variant_funnel_update after update on calls referencing new table as new_rows
  for each statement execute function contact_variant_funnel_from_calls();

create function variant_funnel_rollups_apply() returns trigger
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
    insert into variant_funnel_rollups (org_id, campaign_id, variant_id, slot, dialled, answered, connected,
                                        conversations, booked)
    select d.org_id, d.campaign_id, d.variant_id, d.first_slot, sum(d.sign), sum(d.sign * d.answered::int),
           sum(d.sign * d.connected::int), sum(d.sign * d.conversation::int), sum(d.sign * d.booked::int)
      from (%s) d
     where exists (select 1 from organizations g where g.id = d.org_id)
     group by d.org_id, d.campaign_id, d.variant_id, d.first_slot
     order by d.org_id, d.campaign_id, d.variant_id, d.first_slot
    on conflict (org_id, campaign_id, variant_id, slot) do update set
      dialled = variant_funnel_rollups.dialled + excluded.dialled,
      answered = variant_funnel_rollups.answered + excluded.answered,
      connected = variant_funnel_rollups.connected + excluded.connected,
      conversations = variant_funnel_rollups.conversations + excluded.conversations,
      booked = variant_funnel_rollups.booked + excluded.booked
  $q$, source);
  return null;
end
$$;

create trigger contact_variant_funnel_insert after insert on contact_variant_funnel referencing new table as new_rows
  for each statement execute function variant_funnel_rollups_apply();
create trigger contact_variant_funnel_update after update on contact_variant_funnel
  referencing old table as old_rows new table as new_rows
  for each statement execute function variant_funnel_rollups_apply();
create trigger contact_variant_funnel_delete after delete on contact_variant_funnel referencing old table as old_rows
  for each statement execute function variant_funnel_rollups_apply();
