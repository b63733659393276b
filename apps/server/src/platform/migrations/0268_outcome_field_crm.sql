-- Qualifying answers written to CRM contact properties (docs/outcome-fields.md#hubspot). A campaign maps each of its
-- fields, by key, to a contact property of its contacts' CRM; a finished call of a contact imported from that CRM
-- writes its answered fields there (crm_writes kind 'answers', queued with the call's other writes).
create table outcome_field_crm (
  org_id uuid not null references organizations(id) on delete cascade,
  campaign_id uuid not null references campaigns(id) on delete cascade,
  provider text not null check (provider in ('hubspot')),
  field_key text not null,
  property text not null,
  primary key (campaign_id, provider, field_key)
);
create index outcome_field_crm_org on outcome_field_crm (org_id, campaign_id);

alter table crm_writes drop constraint crm_writes_kind_check;
alter table crm_writes add constraint crm_writes_kind_check
  check (kind in ('call', 'meeting', 'meeting_cancelled', 'do_not_call', 'answers'));
