-- Webhook signing secrets are sealed like the integrations' (AES-256-GCM under INTEGRATIONS_KEY, "v1.…"): the
-- server seals any secret still in clear when it starts (webhooks.wiring.ts), since the key is not in the database.
-- A rotated-out secret keeps signing, beside the new one, until previous_secret_until.
alter table webhook_endpoints add column previous_secret text;
alter table webhook_endpoints add column previous_secret_until timestamptz;
