-- The campaign whose call put a number on the do-not-call list (null for numbers added by hand or by CSV,
-- and once that campaign is deleted: the number stays listed).
alter table dnc_numbers add column campaign_id uuid references campaigns(id) on delete set null;
