CREATE TABLE "bill_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_groups_dates_ck" CHECK ("bill_groups"."due_date" >= "bill_groups"."bill_date")
);
--> statement-breakpoint
CREATE TABLE "bill_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"bill_type" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"meter_current" bigint,
	"meter_previous" bigint,
	"rate_paise" bigint,
	"current_photo_id" uuid,
	"previous_photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_items_amounts_ck" CHECK ("bill_items"."amount_paise" >= 0 and "bill_items"."paid_paise" >= 0),
	CONSTRAINT "bill_items_meter_ck" CHECK ("bill_items"."meter_current" is null or "bill_items"."meter_current" >= "bill_items"."meter_previous")
);
--> statement-breakpoint
ALTER TABLE "bill_groups" ADD CONSTRAINT "bill_groups_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_groups" ADD CONSTRAINT "bill_groups_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_group_id_bill_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bill_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_current_photo_id_files_id_fk" FOREIGN KEY ("current_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_previous_photo_id_files_id_fk" FOREIGN KEY ("previous_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_groups_room_idx" ON "bill_groups" USING btree ("room_id","bill_date");--> statement-breakpoint
CREATE INDEX "bill_items_group_idx" ON "bill_items" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bill_items_room_type_idx" ON "bill_items" USING btree ("room_id","bill_type");--> statement-breakpoint
CREATE INDEX "bill_items_tenant_idx" ON "bill_items" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "bill_items_current_photo_idx" ON "bill_items" USING btree ("current_photo_id");--> statement-breakpoint
CREATE INDEX "bill_items_previous_photo_idx" ON "bill_items" USING btree ("previous_photo_id");