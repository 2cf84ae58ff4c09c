ALTER TABLE "bill_items" ADD COLUMN "rent_period" date;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "leaving_on" date;--> statement-breakpoint
-- Existing Rent Bills: the earliest of each tenancy and month gets its period; a duplicate made before the rule stays as it was.
UPDATE "bill_items" AS bi SET "rent_period" = x.period FROM (
  SELECT DISTINCT ON (i."tenancy_id", date_trunc('month', g."bill_date")::date) i."id", date_trunc('month', g."bill_date")::date AS period
  FROM "bill_items" i JOIN "bill_groups" g ON g."id" = i."group_id"
  WHERE i."bill_type" = 'Rent Bill'
  ORDER BY i."tenancy_id", date_trunc('month', g."bill_date")::date, i."created_at", i."id"
) AS x WHERE bi."id" = x."id";--> statement-breakpoint
CREATE UNIQUE INDEX "bill_items_rent_period_uq" ON "bill_items" USING btree ("tenancy_id","rent_period") WHERE "bill_items"."rent_period" is not null;--> statement-breakpoint
CREATE INDEX "tenancies_leaving_on_idx" ON "tenancies" USING btree ("leaving_on") WHERE "tenancies"."leaving_on" is not null and "tenancies"."move_out_date" is null;