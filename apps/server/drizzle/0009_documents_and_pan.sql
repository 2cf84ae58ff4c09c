CREATE TABLE "room_documents" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"tenancy_id" uuid,
	"uploaded_by" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pan_cipher" text;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_documents" ADD CONSTRAINT "room_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_documents_room_idx" ON "room_documents" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "room_documents_tenancy_idx" ON "room_documents" USING btree ("tenancy_id");