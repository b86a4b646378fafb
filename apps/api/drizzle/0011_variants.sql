-- Decision 031: products get options, and the stock rows become the products' variants (each row
-- already was one sellable variant: 'total', 'A', 'B', 'S/M', 'L' or 'XL'). Keys, levels, holds,
-- order lines and the whole stock ledger stay as they are; the spec's shapes become options.
ALTER TABLE "stock" RENAME TO "variants";--> statement-breakpoint
ALTER TABLE "variants" RENAME COLUMN "variant" TO "key";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_not_both_size_and_option";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_held_nonnegative";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_on_hand_covers_held";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_threshold_nonnegative";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_variant_known";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "variants" DROP CONSTRAINT "stock_product_id_variant_pk";--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_key_pk" PRIMARY KEY("product_id","key");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "products" SET "options" = CASE
  WHEN "has_size" THEN '[{"name":"Size","values":["S/M","L","XL"]}]'::jsonb
  WHEN "has_a_and_b" THEN '[{"name":"Option","values":["A","B"]}]'::jsonb
  ELSE '[]'::jsonb END;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "has_size";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_size" boolean GENERATED ALWAYS AS (options = '[{"name":"Size","values":["S/M","L","XL"]}]'::jsonb) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "has_a_and_b";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_a_and_b" boolean GENERATED ALWAYS AS (options = '[{"name":"Option","values":["A","B"]}]'::jsonb) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A variant's option values and place follow from its key; an A or B variant's photos are the
-- product's option photos.
UPDATE "variants" v SET
  "option_values" = CASE WHEN v."key" = 'total' THEN '{}'::text[] ELSE ARRAY[v."key"] END,
  "position" = CASE v."key" WHEN 'L' THEN 1 WHEN 'XL' THEN 2 WHEN 'B' THEN 1 ELSE 0 END,
  "images" = CASE v."key" WHEN 'A' THEN p."images_option_a" WHEN 'B' THEN p."images_option_b" ELSE '{}'::text[] END
FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_items" SET "variant_title" = "variant" WHERE "variant" <> 'total';--> statement-breakpoint
CREATE UNIQUE INDEX "variants_sku_unique" ON "variants" USING btree ("sku") WHERE "variants"."sku" is not null;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_held_nonnegative" CHECK ("variants"."held" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_on_hand_covers_held" CHECK ("variants"."on_hand" >= "variants"."held");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_threshold_nonnegative" CHECK ("variants"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_price_nonnegative" CHECK ("variants"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_compare_at_nonnegative" CHECK ("variants"."compare_at_cents" >= 0);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_nonnegative" CHECK ("variants"."weight_grams" >= 0);
