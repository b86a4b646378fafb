-- Decision 064: a search's matches read from narrow rows, as numbers.
-- Every product gets a number of its own (an identity; existing products are numbered now), and
-- its search row a copy of it: a broad word's tens of thousands of matches are read as numbers,
-- which the API's listing index finds by position, not as ids it must look up one by one.
ALTER TABLE "products" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "products_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
-- The search row loses its `document` column, the concatenation of its three vectors: the GIN
-- index is built on that concatenation instead, so the rows the matches are read from are half as
-- wide (1,079 bytes on average at 100,000 products, 570 without it). The table is written anew:
-- a dropped column's bytes stay in every row until the row is written again, and rows updated in
-- this transaction would keep their old copies through a rewrite in it (CLUSTER; VACUUM FULL may
-- not run in a migration's transaction).
ALTER TABLE "product_search" RENAME TO "product_search_before";--> statement-breakpoint
ALTER TABLE "product_search_before" RENAME CONSTRAINT "product_search_pkey" TO "product_search_before_pkey";--> statement-breakpoint
ALTER TABLE "product_search_before" RENAME CONSTRAINT "product_search_product_id_products_id_fk" TO "product_search_before_product_id_fk";--> statement-breakpoint
DROP INDEX "product_search_document_idx";--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"product_number" integer NOT NULL,
	"name_vector" "tsvector" NOT NULL,
	"facet_vector" "tsvector" NOT NULL,
	"text_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "product_search" (product_id, product_number, name_vector, facet_vector, text_vector)
  SELECT b.product_id, p.number, b.name_vector, b.facet_vector, b.text_vector
    FROM "product_search_before" b JOIN "products" p ON p.id = b.product_id;--> statement-breakpoint
DROP TABLE "product_search_before";--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search AS s (product_id, product_number, name_vector, facet_vector, text_vector)
  SELECT p.id, p.number,
         setweight(to_tsvector('shop_search', p.name), 'A'),
         setweight(to_tsvector('shop_search', product_search_facets(p.id, p.category)), 'B'),
         setweight(to_tsvector('shop_search', search_plain_text(p.description_html)), 'C')
    FROM products p WHERE p.id = ANY (ids)
  ON CONFLICT (product_id) DO UPDATE SET
    name_vector = excluded.name_vector, facet_vector = excluded.facet_vector,
    text_vector = excluded.text_vector;
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM products p,
         regexp_split_to_table(lower(unaccent(p.name || ' ' || product_search_facets(p.id, p.category))), '[^a-z]+') AS w
   WHERE p.id = ANY (ids) AND length(w) >= 3
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin (("name_vector" || "facet_vector" || "text_vector"));
