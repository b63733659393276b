-- Inbound calls (issue 16): an inbound campaign answers calls to its number (E.164, or the SIP user a PBX
-- sends to). A number reaches one campaign, whatever the organisation: the carrier routes it to one place.
alter table campaigns add column inbound_number text;
create unique index campaigns_inbound_number_idx on campaigns (inbound_number) where inbound_number is not null;

-- A caller is matched to a contact of the organisation by number (any campaign's list), newest first.
create index contacts_org_phone_idx on contacts (org_id, phone_e164, created_at desc);

-- The live inbound calls of an organisation and campaign, counted against the concurrency limits.
create index calls_live_inbound_idx on calls (org_id, campaign_id) where direction = 'INBOUND' and ended_at is null;
