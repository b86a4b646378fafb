CREATE TABLE "listing_facet_counts" (
	"scope" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"position" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "listing_facet_counts_scope_facet_value_position_pk" PRIMARY KEY("scope","facet","value","position")
);
--> statement-breakpoint
CREATE TABLE "listing_facet_deltas" (
	"scope" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"position" integer NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "compare_at_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "collection_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_facet_deltas_scope_idx" ON "listing_facet_deltas" USING btree ("scope");--> statement-breakpoint
-- Decision 059: the facets of the listings with no filter chosen (home, a category, a collection)
-- are kept by the database. What a listed product counts for, in each scope it is listed in
-- ('all', its category's, each of its collections'): the total, its category, its price (cents:
-- a whole-shop percentage off is applied when read), in stock, priced under a compare-at price,
-- its collections, each option value at its place in the product's list, and each value in stock.
CREATE FUNCTION listing_facet_rows(listed boolean, category text, price_cents integer,
    in_stock boolean, compare_at_sale boolean, collection_ids uuid[], facets text[],
    stock_facets text[])
  RETURNS TABLE (scope text, facet text, value text, "position" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT s.scope, f.facet, f.value, f.position
    FROM unnest(ARRAY['all', 'category:' || category]
                || ARRAY(SELECT 'collection:' || c FROM unnest(collection_ids) AS c)) AS s(scope)
    CROSS JOIN LATERAL (
      SELECT 'total', '', 0
      UNION ALL SELECT 'type', category, 0
      UNION ALL SELECT 'price', price_cents::text, 0
      UNION ALL SELECT 'in-stock', '', 0 WHERE in_stock
      UNION ALL SELECT 'on-sale', '', 0 WHERE compare_at_sale
      UNION ALL SELECT 'collection', c::text, 0 FROM unnest(collection_ids) AS c
        WHERE s.scope NOT LIKE 'collection:%'
      UNION ALL SELECT 'option-at', o.facet, o.n::integer
        FROM unnest(facets) WITH ORDINALITY AS o(facet, n)
      UNION ALL SELECT 'option', o.facet, 0 FROM unnest(stock_facets) AS o(facet)
    ) AS f(facet, value, position)
   WHERE listed AND category IS NOT NULL AND price_cents IS NOT NULL
$$;--> statement-breakpoint
-- A product's row is locked first and read after, in a statement of its own: a refresh that
-- waited on another transaction's refresh of the same product reads what that one committed (one
-- statement would write from the snapshot it took before waiting). The counts change by the
-- difference between what the product counted for and what it counts for now, appended to
-- listing_facet_deltas: no count row is locked by a checkout.
CREATE OR REPLACE FUNCTION product_in_stock_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM product_in_stock WHERE product_id = ANY (ids) ORDER BY product_id FOR UPDATE;
  WITH fresh AS (
    SELECT p.id AS product_id,
           EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.available > 0) AS in_stock,
           ARRAY(SELECT f.facet FROM variants v CROSS JOIN unnest(v.facets) WITH ORDINALITY AS f(facet, n)
                  WHERE v.product_id = p.id GROUP BY f.facet ORDER BY min(f.n), min(v.position), f.facet) AS facets,
           ARRAY(SELECT DISTINCT f FROM variants v CROSS JOIN unnest(v.facets) AS f
                  WHERE v.product_id = p.id AND v.available > 0 ORDER BY f) AS stock_facets,
           p.status = 'published' AS listed, p.category, p.price_cents,
           EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id
                     AND v.compare_at_cents > coalesce(v.price_cents, p.price_cents)) AS compare_at_sale,
           ARRAY(SELECT cp.collection_id FROM collection_products cp WHERE cp.product_id = p.id
                  ORDER BY cp.collection_id) AS collection_ids
      FROM products p WHERE p.id = ANY (ids)
  ), before AS (
    SELECT * FROM product_in_stock WHERE product_id = ANY (ids)
  ), written AS (
    INSERT INTO product_in_stock AS k (product_id, in_stock, facets, stock_facets, listed, category,
        price_cents, compare_at_sale, collection_ids)
    SELECT product_id, in_stock, facets, stock_facets, listed, category, price_cents,
           compare_at_sale, collection_ids FROM fresh
    ON CONFLICT (product_id) DO UPDATE SET in_stock = excluded.in_stock, facets = excluded.facets,
      stock_facets = excluded.stock_facets, listed = excluded.listed, category = excluded.category,
      price_cents = excluded.price_cents, compare_at_sale = excluded.compare_at_sale,
      collection_ids = excluded.collection_ids
      WHERE (k.in_stock, k.facets, k.stock_facets, k.listed, k.category, k.price_cents,
             k.compare_at_sale, k.collection_ids)
        IS DISTINCT FROM (excluded.in_stock, excluded.facets, excluded.stock_facets, excluded.listed,
             excluded.category, excluded.price_cents, excluded.compare_at_sale, excluded.collection_ids)
    RETURNING k.*
  ), changes AS (
    SELECT w.*, 1 AS delta FROM written w
    UNION ALL
    SELECT b.*, -1 FROM before b WHERE b.product_id IN (SELECT product_id FROM written)
  )
  INSERT INTO listing_facet_deltas (scope, facet, value, position, delta)
  SELECT r.scope, r.facet, r.value, r.position, sum(c.delta)::integer
    FROM changes c
    CROSS JOIN LATERAL listing_facet_rows(c.listed, c.category, c.price_cents, c.in_stock,
      c.compare_at_sale, c.collection_ids, c.facets, c.stock_facets) r
   GROUP BY r.scope, r.facet, r.value, r.position
  HAVING sum(c.delta) <> 0;
END
$$;--> statement-breakpoint
-- A product deleted takes its row with it (cascade): what it counted for goes too.
CREATE FUNCTION product_in_stock_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_facet_deltas (scope, facet, value, position, delta)
  SELECT r.scope, r.facet, r.value, r.position, -count(*)::integer
    FROM gone g
    CROSS JOIN LATERAL listing_facet_rows(g.listed, g.category, g.price_cents, g.in_stock,
      g.compare_at_sale, g.collection_ids, g.facets, g.stock_facets) r
   GROUP BY r.scope, r.facet, r.value, r.position;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_in_stock_deleted AFTER DELETE ON product_in_stock
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION product_in_stock_deleted();--> statement-breakpoint
-- The other changes that move a listed product in the counts, refreshed at commit as a stock
-- crossing is (0026): after every variant the transaction writes is locked.
CREATE FUNCTION product_in_stock_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM product_in_stock_refresh(ARRAY[NEW.id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_in_stock_refresh(ARRAY[OLD.product_id]);
  ELSE
    PERFORM product_in_stock_refresh(ARRAY[NEW.product_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_in_stock_product_listed AFTER UPDATE OF status, category, price_cents ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status, OLD.category, OLD.price_cents) IS DISTINCT FROM (NEW.status, NEW.category, NEW.price_cents))
  EXECUTE FUNCTION product_in_stock_listing_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_in_stock_variant_priced AFTER UPDATE OF price_cents, compare_at_cents ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.price_cents, OLD.compare_at_cents) IS DISTINCT FROM (NEW.price_cents, NEW.compare_at_cents))
  EXECUTE FUNCTION product_in_stock_listing_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_in_stock_collection_added AFTER INSERT ON collection_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_in_stock_listing_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_in_stock_collection_removed AFTER DELETE ON collection_products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_in_stock_listing_changed();--> statement-breakpoint
-- Folds the deltas into the counts: one fold at a time (others return at once); deltas appended
-- meanwhile stay for the next. Answers how many deltas it folded.
CREATE FUNCTION listing_facets_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('listing_facets_fold')) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM listing_facet_deltas RETURNING *
  ), summed AS (
    SELECT scope, facet, value, position, sum(delta)::integer AS delta
      FROM moved GROUP BY scope, facet, value, position
  ), merged AS (
    INSERT INTO listing_facet_counts AS c (scope, facet, value, position, count)
    SELECT scope, facet, value, position, delta FROM summed WHERE delta <> 0
    ON CONFLICT (scope, facet, value, position) DO UPDATE SET count = c.count + excluded.count
  )
  SELECT count(*)::integer INTO folded FROM moved;
  DELETE FROM listing_facet_counts WHERE count = 0;
  RETURN folded;
END
$$;--> statement-breakpoint
SELECT product_in_stock_refresh(ARRAY(SELECT id FROM products));--> statement-breakpoint
SELECT listing_facets_fold();
