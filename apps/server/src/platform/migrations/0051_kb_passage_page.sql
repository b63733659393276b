-- The PDF page a passage starts on (1-based), so an answer can say where it was found; null for documents
-- without pages (Word, text, web pages) and for passages stored before this migration.
alter table kb_passages add column page integer;
