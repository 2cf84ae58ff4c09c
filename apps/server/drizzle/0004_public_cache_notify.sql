-- Public read cache (ADR 007): every statement that changes what visitors can read (properties, rooms,
-- their image links, an owner's username) tells listening servers to drop their cached public pages. Statement-level, so a bulk write
-- sends one notification, and PostgreSQL folds repeats within a transaction into one at commit.
CREATE OR REPLACE FUNCTION kiraya_public_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kiraya_public', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
--> statement-breakpoint
CREATE TRIGGER rooms_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rooms
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
--> statement-breakpoint
CREATE TRIGGER property_images_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_images
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
--> statement-breakpoint
CREATE TRIGGER room_images_public_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_images
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
--> statement-breakpoint
CREATE TRIGGER users_public_changed AFTER UPDATE OF username OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
