-- Decision 039: the storefront's listing reads a page's ids from one index (its order, ids
-- included, published products only); the old index was DESC NULLS LAST, which ORDER BY
-- created_at DESC (NULLS FIRST) never used.
DROP INDEX "products_listing_order_idx";--> statement-breakpoint
CREATE INDEX "products_published_listing_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"name","id") WHERE "products"."status" = 'published';