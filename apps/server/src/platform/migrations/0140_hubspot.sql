-- HubSpot (CRM) joins the integrations: its private-app token is the row's secret (secret-box.ts), settings
-- hold the portal id and the token's last characters. 'reconnect' is HubSpot's status once it refuses the
-- token (revoked or expired): nothing is read from it until a new token is saved.
alter table integrations drop constraint integrations_kind_check;
alter table integrations add constraint integrations_kind_check check (kind in ('caldav', 'hubspot'));
alter table integrations drop constraint integrations_status_check;
alter table integrations add constraint integrations_status_check check (status in ('connected', 'unreachable', 'reconnect'));
