ALTER TYPE "public"."order_status" ADD VALUE 'partially_shipped';--> statement-breakpoint
CREATE TABLE "new_order_mail_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "shipment_items_shipment_id_order_item_id_pk" PRIMARY KEY("shipment_id","order_item_id"),
	CONSTRAINT "shipment_items_qty_positive" CHECK ("shipment_items"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "new_order_mail_choices" ADD CONSTRAINT "new_order_mail_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_items_order_item_idx" ON "shipment_items" USING btree ("order_item_id");--> statement-breakpoint
-- Parcels sent before this migration held the whole order (an order shipped once, whole).
INSERT INTO "shipment_items" ("shipment_id", "order_item_id", "qty")
SELECT "shipments"."id", "order_items"."id", "order_items"."qty"
FROM "shipments" JOIN "order_items" ON "order_items"."order_id" = "shipments"."order_id";--> statement-breakpoint
UPDATE "shipments" SET "delivered_at" = "orders"."delivered_at"
FROM "orders" WHERE "orders"."id" = "shipments"."order_id" AND "orders"."delivered_at" IS NOT NULL;
