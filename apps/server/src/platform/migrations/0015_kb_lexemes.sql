-- Knowledge-base retrieval over large knowledge bases: how many passages of an org hold each lexeme (in the
-- body, and in the heading). Retrieval looks the question's lexemes up here to find its candidates through
-- the rare ones only, so a word found in most passages ("service", "installation") no longer makes it read
-- and rank tens of thousands of rows. Kept by knowledge-base repos as passages are stored and removed.
create table kb_lexemes (
  org_id uuid not null references organizations(id) on delete cascade,
  lexeme text not null,
  passages integer not null,
  headings integer not null,
  primary key (org_id, lexeme)
);

-- Passages whose heading names one of the question's words (a heading is the strongest topic signal).
create index kb_passages_heading_idx on kb_passages using gin (to_tsvector('english', heading));

-- Counts for passages stored before this migration.
insert into kb_lexemes (org_id, lexeme, passages, headings)
select p.org_id, l.lexeme, count(*), count(*) filter (where 'A' = any(l.weights))
from kb_passages p, unnest(p.tsv) l
group by p.org_id, l.lexeme;
