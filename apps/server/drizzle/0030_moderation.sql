CREATE TABLE "account_identifiers" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_identifiers_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
CREATE TABLE "moderation_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"subject_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"subject_id" uuid,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "reports_status_ck" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_target_type_ck" CHECK ("reports"."target_type" in ('property', 'room', 'user'))
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_identifiers" ADD CONSTRAINT "account_identifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_audit" ADD CONSTRAINT "moderation_audit_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_identifiers_value_idx" ON "account_identifiers" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "moderation_audit_created_idx" ON "moderation_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "moderation_audit_target_idx" ON "moderation_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "moderation_audit_subject_idx" ON "moderation_audit" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_uq" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_id");--> statement-breakpoint
-- Every account's current phone number and Aadhaar hash start its identifier history (ADR 037); moderators' accounts
-- have placeholders and no history.
INSERT INTO "account_identifiers" ("user_id", "kind", "value", "created_at")
  SELECT "id", 'phone', "phone_number", "created_at" FROM "users" WHERE "role" <> 'admin'
  UNION ALL
  SELECT "id", 'aadhaar', "aadhaar_hash", "created_at" FROM "users" WHERE "role" <> 'admin'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The audit log is append-only (ADR 037): no statement may change or remove its rows, whatever code or person runs it.
CREATE OR REPLACE FUNCTION kiraya_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER moderation_audit_append_only BEFORE UPDATE OR DELETE ON moderation_audit
  FOR EACH ROW EXECUTE FUNCTION kiraya_append_only();--> statement-breakpoint
CREATE TRIGGER moderation_audit_no_truncate BEFORE TRUNCATE ON moderation_audit
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_append_only();--> statement-breakpoint
-- A suspended owner's listings leave the public pages: a suspension (or its end) anywhere drops every instance's
-- public cache, as a verification does (migration 0028's trigger, now also on suspended_at).
DROP TRIGGER IF EXISTS users_public_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_public_changed AFTER UPDATE OF username, email_verified_at, phone_verified_at, suspended_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
