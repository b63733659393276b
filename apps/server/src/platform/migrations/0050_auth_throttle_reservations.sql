-- Sign-in attempts are reserved (counted) before the password is checked, in one upsert per key, so
-- concurrent guesses cannot all slip in before the first failure is written (issue 21).
-- `refused` says whether the latest reservation met a lock: the upsert that counts also answers.
alter table auth_throttle add column refused boolean not null default false;

-- Account keys are now the user's id (username and email are one account), not the typed login.
delete from auth_throttle where key like 'account:%';
