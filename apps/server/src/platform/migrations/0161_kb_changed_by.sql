-- Who last changed a knowledge-base item (its name or description, PUT /api/knowledge-base/{id}); null until
-- someone does, and once their account is deleted. Who added it is created_by (0070).
alter table kb_documents add column updated_by uuid references users(id) on delete set null;
