-- References are kept as typed ("Book 12 / 034") and compared normalised (spaces removed, upper-case), so the
-- once-per-owner indexes hold the normalised form (contract normaliseReference; payments/offline.ts referenceKey).
DROP INDEX IF EXISTS "payments_owner_reference_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_owner_reference_uq" ON "payments" USING btree ("owner_id",upper(regexp_replace("reference", '\s', '', 'g'))) WHERE "payments"."reference" is not null and "payments"."reversed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "payment_reports_pending_reference_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_pending_reference_uq" ON "payment_reports" USING btree ("owner_id",upper(regexp_replace("reference", '\s', '', 'g'))) WHERE "payment_reports"."status" = 'pending';
