CREATE TABLE "deposit_deduction_photos" (
	"deduction_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "deposit_deduction_photos_deduction_id_file_id_pk" PRIMARY KEY("deduction_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "deposit_deductions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payment_id" uuid,
	"disputed_at" timestamp with time zone,
	"dispute_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_deductions_amount_ck" CHECK ("deposit_deductions"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_settlements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"deposit_bill_item_id" uuid,
	"held_paise" bigint NOT NULL,
	"deductions_paise" bigint NOT NULL,
	"refund_paise" bigint NOT NULL,
	"refund_method" text,
	"refund_reference" text DEFAULT '' NOT NULL,
	"refunded_on" date,
	"settled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_settlements_sum_ck" CHECK ("deposit_settlements"."held_paise" > 0 and "deposit_settlements"."deductions_paise" >= 0 and "deposit_settlements"."refund_paise" >= 0 and "deposit_settlements"."held_paise" = "deposit_settlements"."deductions_paise" + "deposit_settlements"."refund_paise")
);
--> statement-breakpoint
ALTER TABLE "deposit_deduction_photos" ADD CONSTRAINT "deposit_deduction_photos_deduction_id_deposit_deductions_id_fk" FOREIGN KEY ("deduction_id") REFERENCES "public"."deposit_deductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_deduction_photos" ADD CONSTRAINT "deposit_deduction_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_deductions" ADD CONSTRAINT "deposit_deductions_settlement_id_deposit_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."deposit_settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_deductions" ADD CONSTRAINT "deposit_deductions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_deposit_bill_item_id_bill_items_id_fk" FOREIGN KEY ("deposit_bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_settlements" ADD CONSTRAINT "deposit_settlements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_deduction_photos_file_idx" ON "deposit_deduction_photos" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "deposit_deductions_settlement_idx" ON "deposit_deductions" USING btree ("settlement_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_settlements_tenancy_uq" ON "deposit_settlements" USING btree ("tenancy_id");--> statement-breakpoint
CREATE INDEX "deposit_settlements_room_idx" ON "deposit_settlements" USING btree ("room_id");