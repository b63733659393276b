-- A call whose callee spoke while the server was too busy to recognise the words is "not_understood" in the log
-- (never "no answer: nobody spoke"). The stored log_status of new rows uses the new body; no row had it before.
create or replace function call_log_status(status text, outcome text, ended boolean) returns text
language sql immutable as $$
  select case
    when not ended then 'in_progress'
    when outcome in ('interested', 'not_interested', 'follow_up', 'scheduled', 'transferred', 'voicemail', 'no_answer', 'busy', 'failed', 'dropped', 'do_not_call', 'not_understood') then outcome
    when status in ('no_answer', 'busy', 'failed', 'dropped') then status
    else 'completed'
  end
$$;
