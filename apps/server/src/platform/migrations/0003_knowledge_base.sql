-- Knowledge base: uploaded documents and web pages, split into passages the voice agent retrieves.

create table kb_documents (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null references organizations(id) on delete cascade,
  name text not null,
  channel text not null default 'voice' check (channel in ('voice', 'email', 'whatsapp')),
  description text,
  source text not null check (source in ('file', 'url')),
  url text,
  file_name text,
  file_size bigint,
  mime_type text,
  -- the original upload in storage (files only), kept so a restart can ingest it again
  storage_key text,
  status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
  status_reason text,
  passage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, org_id)
);
create index kb_documents_org_created_idx on kb_documents (org_id, created_at desc, id desc);
-- Restart recovery: documents left half-ingested.
create index kb_documents_processing_idx on kb_documents (status) where status = 'processing';

create table kb_passages (
  id uuid primary key default gen_random_uuid(),
  org_id uuid not null,
  document_id uuid not null,
  position integer not null,
  heading text not null default '',
  text text not null,
  -- the heading weighs more than the body when ranking
  tsv tsvector generated always as (
    setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')
  ) stored,
  -- OpenAI-compatible embedding when EMBEDDINGS_* is configured (a plain array: pgvector is optional)
  embedding real[],
  unique (document_id, position),
  foreign key (document_id, org_id) references kb_documents (id, org_id) on delete cascade
);
create index kb_passages_tsv_idx on kb_passages using gin (tsv);
create index kb_passages_org_idx on kb_passages (org_id);

-- Which knowledge bases a campaign's agent answers from.
create table campaign_knowledge_bases (
  org_id uuid not null,
  campaign_id uuid not null,
  document_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (campaign_id, document_id),
  foreign key (campaign_id, org_id) references campaigns (id, org_id) on delete cascade,
  foreign key (document_id, org_id) references kb_documents (id, org_id) on delete cascade
);
create index campaign_knowledge_bases_document_idx on campaign_knowledge_bases (document_id);
