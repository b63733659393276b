-- The Dashboard's leads (an organisation's contacts, or those of its campaigns on one channel) without
-- counting every contact per request: once its calls came from the rollups (0230), counting 200,000 contacts
-- with their campaigns' channel was most of its time. campaigns.contact_count is what an import reported;
-- this is the rows themselves, kept by statement-level triggers as call_log_counts is (0012).
create table campaign_contact_counts (
  campaign_id uuid primary key references campaigns(id) on delete cascade,
  n bigint not null
);

-- Each statement adds the contacts it created and takes back those it removed. Decrements only touch existing
-- rows: a deleted campaign takes its row with it, and its contacts' removal must not recreate it.
create function campaign_contact_counts_apply() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    update campaign_contact_counts k set n = k.n - d.n
      from (select campaign_id, count(*) as n from old_rows group by 1) d
     where k.campaign_id = d.campaign_id;
  else
    insert into campaign_contact_counts (campaign_id, n)
    select campaign_id, count(*) from new_rows group by 1 order by 1
    on conflict (campaign_id) do update set n = campaign_contact_counts.n + excluded.n;
  end if;
  return null;
end
$$;

create trigger contacts_counts_insert after insert on contacts referencing new table as new_rows
  for each statement execute function campaign_contact_counts_apply();
create trigger contacts_counts_delete after delete on contacts referencing old table as old_rows
  for each statement execute function campaign_contact_counts_apply();

-- Nothing moves a contact to another campaign today; should something, it is counted there. Row by row, and
-- only when campaign_id changes: a statement trigger would copy every row of every contacts update (an
-- import's names and columns) into transition tables, and one with a column list cannot have them.
create function campaign_contact_counts_move() returns trigger
language plpgsql as $$
begin
  update campaign_contact_counts set n = n - 1 where campaign_id = old.campaign_id;
  insert into campaign_contact_counts (campaign_id, n) values (new.campaign_id, 1)
  on conflict (campaign_id) do update set n = campaign_contact_counts.n + 1;
  return null;
end
$$;
create trigger contacts_counts_move after update of campaign_id on contacts
  for each row when (old.campaign_id is distinct from new.campaign_id) execute function campaign_contact_counts_move();

-- Contacts written before this migration.
insert into campaign_contact_counts (campaign_id, n)
select campaign_id, count(*) from contacts group by 1;
