ALTER TABLE "bill_groups" DROP CONSTRAINT "bill_groups_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_groups" DROP CONSTRAINT "bill_groups_property_id_properties_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_items" DROP CONSTRAINT "bill_items_group_id_bill_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_items" DROP CONSTRAINT "bill_items_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_items" DROP CONSTRAINT "bill_items_property_id_properties_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_items" DROP CONSTRAINT "bill_items_tenancy_id_tenancies_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_bill_item_id_bill_items_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_property_id_properties_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_tenancy_id_tenancies_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_payment_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_room_id_rooms_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_property_id_properties_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_tenancy_id_tenancies_id_fk";
--> statement-breakpoint
ALTER TABLE "tenancies" DROP CONSTRAINT "tenancies_room_id_rooms_id_fk";
--> statement-breakpoint
DROP INDEX "rooms_property_number_uq";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_groups" ADD CONSTRAINT "bill_groups_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_groups" ADD CONSTRAINT "bill_groups_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_group_id_bill_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bill_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_bill_item_id_bill_items_id_fk" FOREIGN KEY ("bill_item_id") REFERENCES "public"."bill_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_property_number_uq" ON "rooms" USING btree ("property_id",lower("room_number")) WHERE "rooms"."archived_at" is null;--> statement-breakpoint
-- Archived rooms (ADR 022) are no longer part of their property: its lowest rent and room counts leave them out.
CREATE OR REPLACE FUNCTION kiraya_refresh_property_stats(pids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE properties p SET
    min_rent_paise = s.min_rent,
    room_count = s.n,
    vacant_room_count = s.vacant,
    occupied_room_count = s.occupied
  FROM (
    SELECT ids.id,
      (SELECT min(r.rent_paise) FROM rooms r WHERE r.property_id = ids.id AND r.archived_at IS NULL) AS min_rent,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id AND r.archived_at IS NULL)::int AS n,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id AND r.archived_at IS NULL AND r.status = 'vacant')::int AS vacant,
      (SELECT count(*) FROM rooms r WHERE r.property_id = ids.id AND r.archived_at IS NULL AND r.status = 'occupied')::int AS occupied
    FROM unnest(pids) AS ids(id)
  ) s
  WHERE p.id = s.id;
END $$;
