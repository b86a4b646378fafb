ALTER TABLE "product_in_stock" ADD COLUMN "facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "stock_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Decision 058: beside whether a product can be bought, its variants' facets ('size=L',
-- 'colour=Sand') in the order a listing shows them (the option's, then the first variant's that
-- has it), and those of the variants that can be bought: a listing with no option chosen counts
-- option values from these, not from every variant. Refreshed when they can change: a variant
-- crossing zero available, variants added or removed (the triggers of 0024 and 0026), and a
-- variant's facets rewritten (below). A reorder of variants alone leaves the order as it was.
CREATE OR REPLACE FUNCTION product_in_stock_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_in_stock AS k (product_id, in_stock, facets, stock_facets)
  SELECT p.id,
         EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.available > 0),
         ARRAY(SELECT f.facet FROM variants v CROSS JOIN unnest(v.facets) WITH ORDINALITY AS f(facet, n)
                WHERE v.product_id = p.id GROUP BY f.facet ORDER BY min(f.n), min(v.position), f.facet),
         ARRAY(SELECT DISTINCT f FROM variants v CROSS JOIN unnest(v.facets) AS f
                WHERE v.product_id = p.id AND v.available > 0 ORDER BY f)
    FROM products p WHERE p.id = ANY (ids)
  ON CONFLICT (product_id) DO UPDATE SET in_stock = excluded.in_stock, facets = excluded.facets,
    stock_facets = excluded.stock_facets
    WHERE (k.in_stock, k.facets, k.stock_facets)
      IS DISTINCT FROM (excluded.in_stock, excluded.facets, excluded.stock_facets);
$$;--> statement-breakpoint
-- At commit, as a crossing is (0026): the same lock order as a checkout's.
CREATE CONSTRAINT TRIGGER product_in_stock_variant_facets_changed AFTER UPDATE ON variants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.facets IS DISTINCT FROM NEW.facets)
  EXECUTE FUNCTION product_in_stock_variant_crossed();--> statement-breakpoint
SELECT product_in_stock_refresh(ARRAY(SELECT id FROM products));
