ALTER TABLE "notifications" ALTER COLUMN "title" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "locale" text;