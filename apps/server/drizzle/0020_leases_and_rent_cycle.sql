CREATE TABLE "late_fees" (
	"rent_bill_item_id" uuid PRIMARY KEY NOT NULL,
	"fee_bill_item_id" uuid,
	"tenancy_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"charged_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_terms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"rent_paise" bigint NOT NULL,
	"deposit_paise" bigint NOT NULL,
	"rent_due_day" integer NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"increment_bp" integer NOT NULL,
	"notice_months" integer NOT NULL,
	"late_fee_kind" text,
	"late_fee_paise" bigint,
	"late_fee_bp" integer,
	"late_fee_grace_days" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_terms_bounds_ck" CHECK ("lease_terms"."rent_paise" >= 100 and "lease_terms"."deposit_paise" >= 0 and "lease_terms"."deposit_paise" <= "lease_terms"."rent_paise" * 10
        and "lease_terms"."rent_due_day" between 1 and 28 and "lease_terms"."term_months" between 1 and 120
        and "lease_terms"."increment_bp" between 0 and 5000 and "lease_terms"."notice_months" between 0 and 12
        and extract(day from "lease_terms"."effective_from") = 1),
	CONSTRAINT "lease_terms_late_fee_ck" CHECK (("lease_terms"."late_fee_kind" is null and "lease_terms"."late_fee_paise" is null and "lease_terms"."late_fee_bp" is null and "lease_terms"."late_fee_grace_days" is null)
        or ("lease_terms"."late_fee_kind" = 'flat' and "lease_terms"."late_fee_paise" > 0 and "lease_terms"."late_fee_bp" is null and "lease_terms"."late_fee_grace_days" between 0 and 60)
        or ("lease_terms"."late_fee_kind" = 'percent' and "lease_terms"."late_fee_bp" between 1 and 2500 and "lease_terms"."late_fee_paise" is null and "lease_terms"."late_fee_grace_days" between 0 and 60))
);
--> statement-breakpoint
CREATE TABLE "rent_cycle_periods" (
	"tenancy_id" uuid NOT NULL,
	"period" date NOT NULL,
	"bill_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_cycle_periods_tenancy_id_period_pk" PRIMARY KEY("tenancy_id","period")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "auto_rent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "rent_cycle_from" date;--> statement-breakpoint
-- Existing tenancies (issue 22): the cycle starts with the month after the tenancy's latest Rent Bill (its rent
-- period, migration 0017), or, without one, the month after this migration (India's calendar), never before
-- the move-in month: nothing is back-billed for the past.
UPDATE "tenancies" AS t SET "rent_cycle_from" = greatest(
  date_trunc('month', t."move_in_date")::date,
  coalesce(
    (SELECT (max(i."rent_period") + interval '1 month')::date FROM "bill_items" i WHERE i."tenancy_id" = t."id" AND i."rent_period" IS NOT NULL),
    (date_trunc('month', (now() AT TIME ZONE 'Asia/Kolkata')::date) + interval '1 month')::date
  )
);--> statement-breakpoint
ALTER TABLE "tenancies" ALTER COLUMN "rent_cycle_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "late_fees" ADD CONSTRAINT "late_fees_rent_bill_item_id_bill_items_id_fk" FOREIGN KEY ("rent_bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fees" ADD CONSTRAINT "late_fees_fee_bill_item_id_bill_items_id_fk" FOREIGN KEY ("fee_bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fees" ADD CONSTRAINT "late_fees_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_terms" ADD CONSTRAINT "lease_terms_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_terms" ADD CONSTRAINT "lease_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_cycle_periods" ADD CONSTRAINT "rent_cycle_periods_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_cycle_periods" ADD CONSTRAINT "rent_cycle_periods_bill_item_id_bill_items_id_fk" FOREIGN KEY ("bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_fees_fee_idx" ON "late_fees" USING btree ("fee_bill_item_id");--> statement-breakpoint
CREATE INDEX "late_fees_tenancy_idx" ON "late_fees" USING btree ("tenancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_terms_tenancy_from_uq" ON "lease_terms" USING btree ("tenancy_id","effective_from");--> statement-breakpoint
CREATE INDEX "tenancies_auto_rent_idx" ON "tenancies" USING btree ("id") WHERE "tenancies"."auto_rent" and "tenancies"."move_out_date" is null;--> statement-breakpoint
-- Every tenancy gets the terms that reproduce what it had: its rent, no deposit, due on its move-in day (at most
-- the 28th), 11 months, no increment, no notice, no late fee, from its move-in month. Automatic rent is on.
INSERT INTO "lease_terms" ("id", "tenancy_id", "effective_from", "rent_paise", "deposit_paise", "rent_due_day", "start_date", "term_months", "increment_bp", "notice_months")
SELECT gen_random_uuid(), t."id", date_trunc('month', t."move_in_date")::date, greatest(t."rent_paise", 100), 0,
  least(extract(day from t."move_in_date")::int, 28), t."move_in_date", 11, 0, 0
FROM "tenancies" t;