CREATE TABLE "lease_end_notices" (
	"tenancy_id" uuid NOT NULL,
	"term_ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_end_notices_tenancy_id_term_ends_on_pk" PRIMARY KEY("tenancy_id","term_ends_on")
);
--> statement-breakpoint
CREATE TABLE "lease_renewals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"start_date" date NOT NULL,
	"rent_paise" bigint NOT NULL,
	"deposit_paise" bigint NOT NULL,
	"rent_due_day" integer NOT NULL,
	"term_months" integer NOT NULL,
	"increment_bp" integer NOT NULL,
	"notice_months" integer NOT NULL,
	"late_fee_kind" text,
	"late_fee_paise" bigint,
	"late_fee_bp" integer,
	"late_fee_grace_days" integer,
	"effective_from" date,
	"proposed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lease_renewals_bounds_ck" CHECK ("lease_renewals"."rent_paise" >= 100 and "lease_renewals"."deposit_paise" >= 0 and "lease_renewals"."deposit_paise" <= "lease_renewals"."rent_paise" * 10
        and "lease_renewals"."rent_due_day" between 1 and 28 and "lease_renewals"."term_months" between 1 and 120
        and "lease_renewals"."increment_bp" between 0 and 5000 and "lease_renewals"."notice_months" between 0 and 12)
);
--> statement-breakpoint
ALTER TABLE "lease_end_notices" ADD CONSTRAINT "lease_end_notices_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_renewals" ADD CONSTRAINT "lease_renewals_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_renewals" ADD CONSTRAINT "lease_renewals_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_renewals" ADD CONSTRAINT "lease_renewals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_renewals_open_uq" ON "lease_renewals" USING btree ("tenancy_id") WHERE "lease_renewals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lease_renewals_room_idx" ON "lease_renewals" USING btree ("room_id");