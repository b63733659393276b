-- Files being written to the PostgreSQL store (storage-postgres.ts): a put registers its version here before
-- its first chunk and removes it when the object is swapped in. A version still here hours later belongs to a
-- process that died mid-write; its chunks are deleted by version (no scan of storage_chunks).
create table storage_uploads (
  version uuid primary key,
  key text not null,
  started_at timestamptz not null default now()
);
create index storage_uploads_started on storage_uploads (started_at);
