-- Shared file storage in PostgreSQL (platform/storage-postgres.ts): with DATABASE_URL, recordings, voice
-- previews, contact lists and documents live here, so any API or worker process can read what another wrote.
-- Not customer rows of their own: keys carry the org (e.g. recordings/<org>/<call>.wav) and are only ever
-- reached through a feature's org-scoped record.
create table storage_objects (
  key text primary key,
  -- The chunks of the complete object; an overwrite writes a new version and swaps it in one transaction.
  version uuid not null,
  size bigint not null,
  chunk_size integer not null,
  updated_at timestamptz not null default now()
);

-- Chunks are written before their object row exists (the body streams in), so there is no foreign key.
create table storage_chunks (
  version uuid not null,
  seq integer not null,
  data bytea not null,
  primary key (version, seq)
);

-- Audio and documents are mostly compressed already: storing chunks uncompressed keeps writes and range reads cheap.
alter table storage_chunks alter column data set storage external;
