-- Browser test calls are leased to the process that runs them, as inbound calls are (0220): the limit of 3 per
-- organisation is counted across processes from these rows, and a dead process's test call is closed as dropped.
-- Test calls still open from before this migration have no process renewing them: closed at the next sweep.
update calls set lease_expires_at = now() where direction = 'WEB' and ended_at is null;
