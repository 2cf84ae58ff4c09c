-- Derived property figures (B13) and the free-text search column (B1), kept by the database itself so
-- that every module that adds, changes or removes a room (rooms, tenancy, requests) keeps them right.
CREATE OR REPLACE FUNCTION kiraya_refresh_property_stats(pids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties p SET
    min_rent_paise = s.min_rent,
    room_count = s.n,
    vacant_room_count = s.vacant,
    occupied_room_count = s.occupied
  FROM (
    SELECT ids.id,
      (SELECT min(r.rent_paise) FROM rooms r WHERE r.property_id = ids.id) AS min_rent,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id)::int AS n,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id AND r.status = 'vacant')::int AS vacant,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id AND r.status = 'occupied')::int AS occupied
    FROM unnest(pids) AS ids(id)
  ) s
  WHERE p.id = s.id;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kiraya_rooms_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kiraya_refresh_property_stats(ARRAY(SELECT DISTINCT property_id FROM new_rooms));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kiraya_rooms_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kiraya_refresh_property_stats(ARRAY(
    SELECT property_id FROM new_rooms UNION SELECT property_id FROM old_rooms
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kiraya_rooms_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kiraya_refresh_property_stats(ARRAY(SELECT DISTINCT property_id FROM old_rooms));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rooms_stats_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS new_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_rooms_after_insert();
--> statement-breakpoint
CREATE TRIGGER rooms_stats_update AFTER UPDATE ON rooms REFERENCING OLD TABLE AS old_rooms NEW TABLE AS new_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_rooms_after_update();
--> statement-breakpoint
CREATE TRIGGER rooms_stats_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS old_rooms
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_rooms_after_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kiraya_properties_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, NEW.city, NEW.state, NEW.street, NEW.landmark,
    array_to_string(NEW.amenities, ' ')));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_search_text BEFORE INSERT OR UPDATE OF title, city, state, street, landmark, amenities ON properties
  FOR EACH ROW EXECUTE FUNCTION kiraya_properties_search_text();
