CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text,
	"width" integer,
	"height" integer,
	"byte_size" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_images" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Data migration (hand-written, ADR 010): every image row becomes a file plus the link of what it belongs to.
INSERT INTO "files" ("id", "kind", "content_type", "key", "thumb_key", "width", "height", "uploaded_by", "created_at")
SELECT i."id", 'image', 'image/webp', i."display_key", i."thumb_key", i."width", i."height", p."owner_id", i."created_at"
FROM "images" i JOIN "properties" p ON p."id" = i."property_id";--> statement-breakpoint
INSERT INTO "property_images" ("file_id", "property_id", "position")
SELECT "id", "property_id", "position" FROM "images" WHERE "room_id" IS NULL;--> statement-breakpoint
INSERT INTO "room_images" ("file_id", "room_id", "position")
SELECT "id", "room_id", "position" FROM "images" WHERE "room_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "images" CASCADE;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_images" ADD CONSTRAINT "room_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_images" ADD CONSTRAINT "room_images_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "room_images_room_idx" ON "room_images" USING btree ("room_id","position");