-- How many times indexing of a document has started: a file that kills its reader is not retried forever.
alter table kb_documents add column ingest_attempts integer not null default 0;
