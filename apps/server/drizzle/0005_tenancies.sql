CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"request_id" uuid,
	"rent_paise" integer NOT NULL,
	"move_in_date" date NOT NULL,
	"move_out_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenancies_dates_ck" CHECK ("tenancies"."move_out_date" is null or "tenancies"."move_out_date" >= "tenancies"."move_in_date")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_pending_uq" ON "requests" USING btree ("room_id","tenant_id") WHERE "requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "requests_tenant_status_idx" ON "requests" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "requests_room_idx" ON "requests" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_current_room_uq" ON "tenancies" USING btree ("room_id") WHERE "tenancies"."move_out_date" is null;--> statement-breakpoint
CREATE INDEX "tenancies_tenant_idx" ON "tenancies" USING btree ("tenant_id","move_in_date");--> statement-breakpoint
CREATE INDEX "tenancies_room_idx" ON "tenancies" USING btree ("room_id","move_in_date");--> statement-breakpoint
-- Rooms that already have a tenant get their current tenancy (move-in date as recorded, else today).
INSERT INTO "tenancies" ("id", "room_id", "tenant_id", "owner_id", "rent_paise", "move_in_date")
SELECT gen_random_uuid(), r."id", r."tenant_id", p."owner_id", r."rent_paise", coalesce(r."move_in_date", current_date)
FROM "rooms" r JOIN "properties" p ON p."id" = r."property_id"
WHERE r."tenant_id" IS NOT NULL;
