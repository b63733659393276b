-- Campaigns list search (GET /api/campaigns?search=): every searched field in one text, so a single
-- trigram index answers `ilike '%text%'` instead of reading every campaign of the org.
-- Fields are joined with U+001F, a character a typed search cannot hold, so no match spans two fields.
-- Declared immutable although to_char is only stable: its numeric-only format reads no locale setting.
create function campaign_search_text(name text, description text, direction text, channel text, status text,
  start_at timestamptz, end_at timestamptz, created_at timestamptz, zone text)
returns text language sql immutable parallel safe
as $$
  select concat_ws(E'\x1f', name, description, direction, channel, status,
    to_char(start_at at time zone zone, 'DD-MM-YYYY HH24:MI YYYY-MM-DD'),
    to_char(end_at at time zone zone, 'DD-MM-YYYY HH24:MI YYYY-MM-DD'),
    to_char(created_at at time zone zone, 'DD-MM-YYYY HH24:MI YYYY-MM-DD'))
$$;

-- pg_trgm ships with PostgreSQL (Debian: postgresql-contrib) and with PGlite (loaded in platform/db.ts).
-- Where it is missing, the search still works, reading the org's campaigns as before.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index campaigns_search_trgm_idx on campaigns using gin (
      campaign_search_text(name, description, direction, channel, status, start_at, end_at, created_at, timezone) gin_trgm_ops);
  end if;
end
$$;
