CREATE TABLE "payment_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint,
	"state" text DEFAULT 'held' NOT NULL,
	"linked_account_id" text,
	"transfer_id" text,
	"settlement_id" text,
	"settled_on" date,
	"utr" text,
	"failure_reason" text,
	"claimed_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transfers_state_ck" CHECK ("payment_transfers"."state" in ('held', 'processing', 'transferred', 'settled', 'failed')),
	CONSTRAINT "payment_transfers_fee_ck" CHECK ("payment_transfers"."fee_paise" is null or ("payment_transfers"."fee_paise" >= 0 and "payment_transfers"."fee_paise" <= "payment_transfers"."amount_paise"))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"account_cipher" text NOT NULL,
	"account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"gateway" text NOT NULL,
	"linked_account_id" text,
	"stakeholder_id" text,
	"product_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"status_reason" text,
	"checked_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_status_ck" CHECK ("payout_accounts"."status" in ('created', 'under_review', 'activated', 'needs_clarification'))
);
--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transfers" ADD CONSTRAINT "payment_transfers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transfers_payment_uq" ON "payment_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transfers_transfer_uq" ON "payment_transfers" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "payment_transfers_owner_idx" ON "payment_transfers" USING btree ("owner_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_owner_uq" ON "payout_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_linked_uq" ON "payout_accounts" USING btree ("gateway","linked_account_id");--> statement-breakpoint
-- Backfill (issue 24): every gateway payment already recorded was paid into Kiraya's account and never routed;
-- each gets its payout row, held until its owner's linked account is activated.
INSERT INTO "payment_transfers" ("id", "payment_id", "owner_id", "amount_paise", "state")
SELECT gen_random_uuid(), p."id", p."owner_id", p."amount_paise", 'held'
FROM "payments" p
WHERE p."kind" = 'gateway'
ON CONFLICT DO NOTHING;
