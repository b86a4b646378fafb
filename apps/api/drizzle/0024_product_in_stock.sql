-- Decision 050: the search's in-stock flag leaves product_search for a table of its own. A
-- checkout that takes a product's last unit locked its variant and then its search row, while a
-- catalog write (a CSV import) locks the search row first and the variants after: they could
-- deadlock. The stock flag is locked only after variants, by both.
DROP TRIGGER product_search_variant_stock_changed ON variants;--> statement-breakpoint
DROP FUNCTION product_search_stock_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search AS s (product_id, name_vector, facet_vector, text_vector, document)
  SELECT f.id, f.n, f.f, f.t, f.n || f.f || f.t
    FROM (SELECT p.id,
                 setweight(to_tsvector('shop_search', p.name), 'A') AS n,
                 setweight(to_tsvector('shop_search', product_search_facets(p.id, p.category)), 'B') AS f,
                 setweight(to_tsvector('shop_search', search_plain_text(p.description_html)), 'C') AS t
            FROM products p WHERE p.id = ANY (ids)) f
  ON CONFLICT (product_id) DO UPDATE SET
    name_vector = excluded.name_vector, facet_vector = excluded.facet_vector,
    text_vector = excluded.text_vector, document = excluded.document;
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM products p,
         regexp_split_to_table(lower(unaccent(p.name || ' ' || product_search_facets(p.id, p.category))), '[^a-z]+') AS w
   WHERE p.id = ANY (ids) AND length(w) >= 3
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE TABLE "product_in_stock" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"in_stock" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD CONSTRAINT "product_in_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search" DROP COLUMN "in_stock";--> statement-breakpoint
CREATE FUNCTION product_in_stock_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_in_stock AS k (product_id, in_stock)
  SELECT p.id, EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.available > 0)
    FROM products p WHERE p.id = ANY (ids)
  ON CONFLICT (product_id) DO UPDATE SET in_stock = excluded.in_stock
    WHERE k.in_stock IS DISTINCT FROM excluded.in_stock;
$$;--> statement-breakpoint
CREATE FUNCTION product_in_stock_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_in_stock_refresh(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_in_stock_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_in_stock_refresh(ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_in_stock_variant_crossed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_in_stock_refresh(ARRAY[NEW.product_id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_in_stock_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_in_stock_products_inserted();--> statement-breakpoint
CREATE TRIGGER product_in_stock_variants_inserted AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_in_stock_variants_changed();--> statement-breakpoint
CREATE TRIGGER product_in_stock_variants_deleted AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_in_stock_variants_changed();--> statement-breakpoint
-- Holds, releases, sales and receipts write on_hand and held: only a change across zero fires.
CREATE TRIGGER product_in_stock_variant_crossed AFTER UPDATE OF on_hand, held ON variants
  FOR EACH ROW WHEN ((OLD.on_hand - OLD.held > 0) IS DISTINCT FROM (NEW.on_hand - NEW.held > 0))
  EXECUTE FUNCTION product_in_stock_variant_crossed();--> statement-breakpoint
SELECT product_in_stock_refresh(ARRAY(SELECT id FROM products));
