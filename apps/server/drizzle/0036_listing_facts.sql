-- Listing facts, locality and coordinates, and the search over them (B31, ADR 048).
ALTER TABLE "properties" ADD COLUMN "locality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "configuration" text DEFAULT '1BHK' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "furnishing" text DEFAULT 'unfurnished' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "tenant_type" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "available_from" date DEFAULT CURRENT_DATE NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "veg" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "parking" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "facts_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "configuration" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "furnishing" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "deposit_paise" integer;--> statement-breakpoint
-- Existing listings: facts read from what is known (the rooms' furnishing and tenant types, the studio type, two
-- months of the lowest rent as the deposit, listed since they were made), and marked for the owner to confirm.
UPDATE "properties" p SET
  "facts_confirmed" = false,
  "available_from" = p."created_at"::date,
  "deposit_paise" = LEAST(COALESCE(p."min_rent_paise", 0)::bigint * 2, 2147483647)::integer,
  "configuration" = CASE WHEN p."property_type" = 'Studio Apartment' THEN '1RK' ELSE '1BHK' END,
  "furnishing" = CASE WHEN EXISTS (SELECT 1 FROM "rooms" r WHERE r."property_id" = p."id" AND r."is_furnished") THEN 'furnished' ELSE 'unfurnished' END,
  "tenant_type" = COALESCE((
    SELECT CASE WHEN bool_and(r."tenant_type" = 'Family') THEN 'family' WHEN bool_and(r."tenant_type" = 'Bachelor') THEN 'bachelors' END
    FROM "rooms" r WHERE r."property_id" = p."id"), 'any');--> statement-breakpoint
CREATE INDEX "properties_facts_idx" ON "properties" USING btree ("configuration","furnishing","tenant_type");--> statement-breakpoint
CREATE INDEX "properties_locality_idx" ON "properties" USING btree (lower("locality"));--> statement-breakpoint
CREATE INDEX "properties_latlng_idx" ON "properties" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "properties_available_idx" ON "properties" USING btree ("available_from");--> statement-breakpoint
CREATE INDEX "properties_fts_idx" ON "properties" USING gin (to_tsvector('simple'::regconfig, "title" || ' ' || "description" || ' ' || "locality" || ' ' || "city"));--> statement-breakpoint
-- Free text now also finds the locality and the description (B31).
CREATE OR REPLACE FUNCTION kiraya_properties_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, NEW.city, NEW.state, NEW.street, NEW.landmark, NEW.locality,
    array_to_string(NEW.amenities, ' ')));
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS properties_search_text ON properties;--> statement-breakpoint
CREATE TRIGGER properties_search_text BEFORE INSERT OR UPDATE OF title, city, state, street, landmark, locality, amenities ON properties
  FOR EACH ROW EXECUTE FUNCTION kiraya_properties_search_text();--> statement-breakpoint
-- Typo-tolerant locality search (Koramangla finds Koramangala): pg_trgm, loaded in PGlite by db/index.ts. Where it
-- cannot be created (a role without CREATE) the search keeps its exact and full-text matches (service.ts).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS properties_search_trgm_idx ON properties USING gin (search_text gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS properties_locality_trgm_idx ON properties USING gin (lower(locality) gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm not available (%): locality search runs without typo tolerance', SQLERRM;
END
$$;
