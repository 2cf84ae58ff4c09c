CREATE TABLE "email_verification_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_uq" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
-- The demo accounts (@kiraya.demo, a domain nobody can own) are verified, as a fresh seed makes them (ADR 033):
-- both emails, and the owners' phones. Every other existing account stays unverified and works as before.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email" LIKE '%@kiraya.demo';--> statement-breakpoint
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "email" LIKE '%@kiraya.demo' AND "role" = 'owner';--> statement-breakpoint
-- A listing shows whether its owner is verified: a change of either drops the public cache on every instance
-- (migration 0004's trigger, now also on the two verification columns).
DROP TRIGGER IF EXISTS users_public_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_public_changed AFTER UPDATE OF username, email_verified_at, phone_verified_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kiraya_public_changed();
