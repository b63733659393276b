-- The knowledge-base passages the agent answered from during a call: [{query, document_id, document_name, heading, passage_id}].
alter table calls add column kb_sources jsonb not null default '[]'::jsonb;
