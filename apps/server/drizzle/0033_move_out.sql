ALTER TABLE "bill_items" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "cancelled_paise" bigint;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "leaving_reason" text;