-- A meeting the agent booked on a call and staff later cancelled: the meeting already written to the CRM is marked
-- cancelled there too (kind 'meeting_cancelled', HubSpot's hs_meeting_outcome CANCELED), queued and retried like
-- the call's other writes.
alter table crm_writes drop constraint crm_writes_kind_check;
alter table crm_writes add constraint crm_writes_kind_check check (kind in ('call', 'meeting', 'meeting_cancelled', 'do_not_call'));
