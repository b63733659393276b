-- Vector search without pgvector (features/knowledge-base/kb-vector-index.ts): every API process keeps an
-- organisation's passage embeddings in memory, one block per document, and must learn cheaply that another
-- process added or removed a document. kb_vector_generations is that signal: one row per organisation,
-- bumped by a trigger whenever one of its documents appears, disappears or changes status or passage count,
-- whichever process (or SQL) made the change. A process reads it once per question (a primary-key lookup).

create table kb_vector_generations (
  org_id uuid primary key references organizations(id) on delete cascade,
  generation bigint not null default 1
);

-- The organisation's existence is checked so that deleting an organisation (which cascades to its documents)
-- does not insert a row for it.
create function kb_bump_vector_generation() returns trigger
language plpgsql as $$
begin
  insert into kb_vector_generations (org_id)
  select o.id from organizations o where o.id = coalesce(new.org_id, old.org_id)
  on conflict (org_id) do update set generation = kb_vector_generations.generation + 1;
  return null;
end $$;

create trigger kb_documents_vector_generation
after insert or delete or update of status, passage_count on kb_documents
for each row execute function kb_bump_vector_generation();

-- A document's embeddings as one block, so a process loads 100,000 passages' vectors in a few reads instead
-- of parsing 25 million real[] numbers: unit-length float32 values, little-endian, passage after passage, in
-- the order of passage_ids. Derived from kb_passages.embedding (still the source): `version` is the
-- document's ingest attempt and passage count when it was built; a block of another version is rebuilt.
create table kb_document_vectors (
  document_id uuid primary key,
  org_id uuid not null,
  version text not null,
  dims integer not null,
  passage_ids uuid[] not null,
  vectors bytea not null,
  foreign key (document_id, org_id) references kb_documents (id, org_id) on delete cascade
);
create index kb_document_vectors_org_idx on kb_document_vectors (org_id);
