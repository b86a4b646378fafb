ALTER TABLE "product_search" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decision 050: a search ranks products that can be bought above sold out ones. Kept beside the
-- search row, so that ranking a word that half the catalog has reads no variants.
CREATE OR REPLACE FUNCTION product_search_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search AS s (product_id, name_vector, facet_vector, text_vector, document, in_stock)
  SELECT f.id, f.n, f.f, f.t, f.n || f.f || f.t, f.in_stock
    FROM (SELECT p.id,
                 setweight(to_tsvector('shop_search', p.name), 'A') AS n,
                 setweight(to_tsvector('shop_search', product_search_facets(p.id, p.category)), 'B') AS f,
                 setweight(to_tsvector('shop_search', search_plain_text(p.description_html)), 'C') AS t,
                 EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.available > 0) AS in_stock
            FROM products p WHERE p.id = ANY (ids)) f
  ON CONFLICT (product_id) DO UPDATE SET
    name_vector = excluded.name_vector, facet_vector = excluded.facet_vector,
    text_vector = excluded.text_vector, document = excluded.document, in_stock = excluded.in_stock;
  INSERT INTO search_words (word)
  SELECT DISTINCT w
    FROM products p,
         regexp_split_to_table(lower(unaccent(p.name || ' ' || product_search_facets(p.id, p.category))), '[^a-z]+') AS w
   WHERE p.id = ANY (ids) AND length(w) >= 3
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION product_search_stock_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search
     SET in_stock = EXISTS (SELECT 1 FROM variants v WHERE v.product_id = NEW.product_id AND v.available > 0)
   WHERE product_id = NEW.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Holds, releases, sales and receipts write on_hand and held: only a change across zero fires.
CREATE TRIGGER product_search_variant_stock_changed AFTER UPDATE OF on_hand, held ON variants
  FOR EACH ROW WHEN ((OLD.on_hand - OLD.held > 0) IS DISTINCT FROM (NEW.on_hand - NEW.held > 0))
  EXECUTE FUNCTION product_search_stock_changed();--> statement-breakpoint
UPDATE product_search s
   SET in_stock = EXISTS (SELECT 1 FROM variants v WHERE v.product_id = s.product_id AND v.available > 0);
