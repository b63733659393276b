-- Qualifying answers (docs/outcome-fields.md). A campaign lists the fields its calls capture (name, type, question,
-- options, the rule that qualifies); each call that ran with fields keeps what it captured, field by field, with the
-- field as it was then, so changing a running campaign's fields never changes what earlier calls captured.
alter table campaigns add column outcome_fields jsonb not null default '[]'::jsonb;

create table call_outcome_answers (
  call_id uuid primary key references calls(id) on delete cascade,
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid references campaigns(id) on delete set null,
  contact_id uuid references contacts(id) on delete set null,
  -- every field answered and each rule met
  qualified boolean not null,
  -- [{key, name, type, answered, value, currency, display, utterance}]
  answers jsonb not null,
  created_at timestamptz not null default now()
);
create index call_outcome_answers_campaign on call_outcome_answers (org_id, campaign_id);

-- The funnel's "qualified" stage: a contact is qualified once one of its calls qualified. Kept like the other
-- stages (0200, 0266), by statement triggers: call_outcome_answers → contact_funnel.qualified → funnel_qualified,
-- per organisation, campaign and first-dial slot, so the funnel reads it from the rollups and never from the calls.
alter table contact_funnel add column qualified boolean not null default false;

create table funnel_qualified (
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null,
  slot bigint not null,
  qualified integer not null default 0,
  primary key (org_id, campaign_id, slot)
);

create function contact_funnel_qualify() returns trigger
language plpgsql as $$
begin
  update contact_funnel f set qualified = true
    from (select distinct contact_id from new_rows where qualified and contact_id is not null) w
   where f.contact_id = w.contact_id and not f.qualified;
  return null;
end
$$;
create trigger call_outcome_answers_insert after insert on call_outcome_answers referencing new table as new_rows
  for each statement execute function contact_funnel_qualify();
create trigger call_outcome_answers_update after update on call_outcome_answers referencing new table as new_rows
  for each statement execute function contact_funnel_qualify();

-- Each change to a contact's progress moves its qualified count: taken back from its old slot, added at its new one.
create function funnel_qualified_apply() returns trigger
language plpgsql as $$
declare
  source text;
begin
  if tg_op = 'INSERT' then
    source := 'select 1 as sign, w.org_id, w.campaign_id, w.first_slot, w.qualified from new_rows w';
  elsif tg_op = 'DELETE' then
    source := 'select -1 as sign, o.org_id, o.campaign_id, o.first_slot, o.qualified from old_rows o';
  else
    source := 'select 1 as sign, w.org_id, w.campaign_id, w.first_slot, w.qualified from new_rows w union all '
              || 'select -1, o.org_id, o.campaign_id, o.first_slot, o.qualified from old_rows o';
  end if;
  execute format($q$
    insert into funnel_qualified (org_id, campaign_id, slot, qualified)
    select d.org_id, d.campaign_id, d.first_slot, sum(d.sign)
      from (%s) d
     where d.qualified and exists (select 1 from organizations g where g.id = d.org_id)
     group by d.org_id, d.campaign_id, d.first_slot
    having sum(d.sign) <> 0
     order by d.org_id, d.campaign_id, d.first_slot
    on conflict (org_id, campaign_id, slot) do update set qualified = funnel_qualified.qualified + excluded.qualified
  $q$, source);
  return null;
end
$$;
create trigger contact_funnel_qualified_insert after insert on contact_funnel referencing new table as new_rows
  for each statement execute function funnel_qualified_apply();
create trigger contact_funnel_qualified_update after update on contact_funnel
  referencing old table as old_rows new table as new_rows
  for each statement execute function funnel_qualified_apply();
create trigger contact_funnel_qualified_delete after delete on contact_funnel referencing old table as old_rows
  for each statement execute function funnel_qualified_apply();
