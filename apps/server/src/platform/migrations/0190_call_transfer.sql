-- Transfer to a person (issue 16): the campaign's "Transfer to" (E.164 or SIP URI; null: the agent offers a
-- callback instead), and each transfer the agent made, kept beside the listen/take-over rows of the call.
alter table campaigns add column transfer_to text;

alter table call_interventions drop constraint call_interventions_kind_check;
alter table call_interventions add constraint call_interventions_kind_check
  check (kind in ('listen', 'take_over', 'hand_back', 'transfer'));
-- Only for kind 'transfer': where it went, whether the person answered, and why not when they did not.
alter table call_interventions add column target text;
alter table call_interventions add column answered boolean;
alter table call_interventions add column detail text;

-- A call whose caller was put through to a person who answered is "transferred" in the log (the stored
-- log_status of new rows uses the new body; no row had that outcome before).
create or replace function call_log_status(status text, outcome text, ended boolean) returns text
language sql immutable as $$
  select case
    when not ended then 'in_progress'
    when outcome in ('interested', 'not_interested', 'follow_up', 'scheduled', 'transferred', 'voicemail', 'no_answer', 'busy', 'failed', 'dropped', 'do_not_call') then outcome
    when status in ('no_answer', 'busy', 'failed', 'dropped') then status
    else 'completed'
  end
$$;
