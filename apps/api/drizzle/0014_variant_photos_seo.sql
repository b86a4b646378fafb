ALTER TABLE "product_images" DROP CONSTRAINT "product_images_slot_known";--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_variant_idx" ON "product_images" USING btree ("variant_id","position") WHERE "product_images"."variant_id" is not null;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_variant_slot" CHECK (("product_images"."slot" = 'variant') = ("product_images"."variant_id" is not null));--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_slot_known" CHECK ("product_images"."slot" in ('main', 'gallery', 'optionA', 'optionB', 'variant'));