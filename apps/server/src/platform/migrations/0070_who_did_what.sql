-- Who did what: the person who last changed a campaign, added a knowledge-base item or a do-not-call number,
-- or placed a call by hand (ring now, browser test call). Null for the system's own writes (the dialer, an
-- opt-out said on a call) and once the person's account is deleted: the record itself stays.
alter table campaigns add column updated_by uuid references users(id) on delete set null;
alter table kb_documents add column created_by uuid references users(id) on delete set null;
alter table dnc_numbers add column added_by uuid references users(id) on delete set null;
alter table calls add column placed_by uuid references users(id) on delete set null;
