CREATE TABLE "image_files" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_slot_known" CHECK ("product_images"."slot" in ('main', 'gallery', 'optionA', 'optionB'))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"change" integer NOT NULL,
	"held_change" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_name" text,
	"order_id" uuid,
	"note" text,
	"on_hand_after" integer NOT NULL,
	"held_after" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('received', 'correction', 'damaged', 'returned', 'import', 'sale', 'refund_restock', 'hold', 'release'))
);
--> statement-breakpoint
-- The sample seed's slug becomes the product's handle; every existing product stays published.
ALTER TABLE "products" RENAME COLUMN "slug" TO "handle";--> statement-breakpoint
ALTER TABLE "products" RENAME CONSTRAINT "products_slug_unique" TO "products_handle_unique";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "product_id" uuid;--> statement-breakpoint
-- available was on hand less what open checkouts hold: split it into on_hand and held.
ALTER TABLE "stock" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "stock" SET "held" = coalesce((
  SELECT sum(oi."qty") FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE o."status" = 'pending_payment' AND oi."product_id" = "stock"."product_id" AND oi."variant" = "stock"."variant"
), 0);--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "on_hand" integer;--> statement-breakpoint
UPDATE "stock" SET "on_hand" = "available" + "held";--> statement-breakpoint
ALTER TABLE "stock" ALTER COLUMN "on_hand" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock" DROP CONSTRAINT "stock_available_nonnegative";--> statement-breakpoint
ALTER TABLE "stock" DROP COLUMN "available";--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "available" integer GENERATED ALWAYS AS (on_hand - held) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Opening balances, so that for every variant on_hand = sum(change) and held = sum(held_change).
INSERT INTO "stock_movements" ("product_id", "variant", "change", "held_change", "reason", "note", "on_hand_after", "held_after")
SELECT "product_id", "variant", "on_hand", 0, 'import', 'Opening balance', "on_hand", 0 FROM "stock";--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "variant", "change", "held_change", "reason", "note", "on_hand_after", "held_after")
SELECT "product_id", "variant", 0, "held", 'hold', 'Open checkouts at the ledger''s start', "on_hand", "held" FROM "stock" WHERE "held" > 0;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","slot","position");--> statement-breakpoint
CREATE INDEX "stock_movements_product_newest_idx" ON "stock_movements" USING btree ("product_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_newest_idx" ON "stock_movements" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_product_idx" ON "audit_log" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('published', 'draft', 'archived'));--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_held_nonnegative" CHECK ("stock"."held" >= 0);--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_on_hand_covers_held" CHECK ("stock"."on_hand" >= "stock"."held");--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_threshold_nonnegative" CHECK ("stock"."low_stock_threshold" >= 0);