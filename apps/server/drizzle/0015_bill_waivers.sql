ALTER TABLE "bill_items" ADD COLUMN "waived_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_items" ADD COLUMN "waived_at" timestamp with time zone;