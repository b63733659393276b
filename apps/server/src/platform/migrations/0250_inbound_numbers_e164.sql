-- Inbound numbers are stored in E.164 (+ and the digits): a number saved as typed with the 00 international prefix
-- or as bare digits starting with the country code is rewritten, so it is compared in the form calls are looked
-- up in. Where two campaigns held variants of one number, the first created keeps it; the others lose it (an
-- active one is paused, saying why) and their owners choose another.
update campaigns c
set inbound_number = null,
    status = case when c.status = 'active' then 'paused' else c.status end,
    status_reason = case
      when c.status = 'active' then 'Paused: its inbound number ' || r.e164 || ' is held by another campaign. Choose another number.'
      else c.status_reason
    end
from (
  select id, e164, row_number() over (partition by e164 order by created_at, id) as claim
  from (
    select id, created_at, '+' || substring(inbound_number from '^(?:\+|00)?([1-9][0-9]{6,14})$') as e164
    from campaigns
    where inbound_number ~ '^(\+|00)?[1-9][0-9]{6,14}$'
  ) numbers
) r
where c.id = r.id and r.claim > 1;

update campaigns
set inbound_number = '+' || substring(inbound_number from '^(?:\+|00)?([1-9][0-9]{6,14})$')
where inbound_number ~ '^(00)?[1-9][0-9]{6,14}$';
