ALTER TABLE "properties" ADD COLUMN "min_rent_paise" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "room_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "vacant_room_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "occupied_room_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_public_created_idx" ON "properties" USING btree ("is_paused","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_min_rent_idx" ON "properties" USING btree ("min_rent_paise");--> statement-breakpoint
CREATE INDEX "rooms_property_rent_idx" ON "rooms" USING btree ("property_id","rent_paise");