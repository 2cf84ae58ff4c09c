-- Custom SQL migration (area: multi, ADR 018).
-- Free-text search of the public list (B1) is `search_text LIKE '%word%'` per word: without an index every
-- count and every rare word scans all properties (40 ms at 10,000 properties in bench/city.ts, 3 ms with it).
-- pg_trgm is a trusted extension on PostgreSQL 13+ (managed services allow it); where it cannot be created
-- (PGlite, a role without CREATE on the database) the search keeps working without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS properties_search_trgm_idx ON properties USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm not available (%): free-text search runs without its index', SQLERRM;
END
$$;
