-- Trigram indexes let the admin lists' substring searches (ILIKE '%text%') use an index instead of
-- reading every row. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
