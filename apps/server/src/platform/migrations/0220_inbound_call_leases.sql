-- Inbound calls left open by a process that died mid-call (issue 16). The process answering an inbound call
-- keeps renewing its lease, as a dialer worker renews a placed call's attempt; once the lease has run out, any
-- process closes the call as dropped, so it stops holding one of the organisation's lines.
alter table calls add column lease_expires_at timestamptz;

-- Inbound calls still open from before this migration have no process renewing them: closed at the next sweep.
update calls set lease_expires_at = now() where direction = 'INBOUND' and ended_at is null;
