-- Per-campaign dialing settings: a cap on simultaneous calls (null = only the organisation's limit) and
-- whether the retry gap doubles after each failed attempt (2 h, 4 h, 8 h…).
alter table campaigns add column max_concurrent_calls integer check (max_concurrent_calls between 1 and 1000);
alter table campaigns add column retry_backoff boolean not null default false;
