-- The Call logs screen always asks for one direction (Out Bound by default, or In Bound). When few calls
-- go the asked way, the newest-first walk of calls_log_idx read every call of the organisation to fill a
-- page: 190 ms on PostgreSQL for In Bound among a million outbound calls, with none to show.
create index calls_log_direction_idx on calls (org_id, direction, started_at desc, id desc);
