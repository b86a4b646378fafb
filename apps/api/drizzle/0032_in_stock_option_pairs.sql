ALTER TABLE "product_in_stock" ADD COLUMN "stock_pairs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "option_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 060: which option values a variant that can be bought has together, kept beside the
-- values in stock, so two options chosen are matched and counted without reading variants. The
-- refresh is 0030's with the two new columns (they change no kept count).
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
           ARRAY(SELECT DISTINCT x.f || E'\x1e' || y.f FROM variants v
                  CROSS JOIN unnest(v.facets) AS x(f) CROSS JOIN unnest(v.facets) AS y(f)
                  WHERE v.product_id = p.id AND v.available > 0 AND x.f <> y.f ORDER BY 1) AS stock_pairs,
           (SELECT count(DISTINCT split_part(f, '=', 1)) FROM variants v CROSS JOIN unnest(v.facets) AS f
             WHERE v.product_id = p.id)::smallint AS option_count,
           p.status = 'published' AS listed, p.category, p.price_cents,
           EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id
                     AND v.compare_at_cents > coalesce(v.price_cents, p.price_cents)) AS compare_at_sale,
           ARRAY(SELECT cp.collection_id FROM collection_products cp WHERE cp.product_id = p.id
                  ORDER BY cp.collection_id) AS collection_ids
      FROM products p WHERE p.id = ANY (ids)
  ), before AS (
    SELECT * FROM product_in_stock WHERE product_id = ANY (ids)
  ), written AS (
    INSERT INTO product_in_stock AS k (product_id, in_stock, facets, stock_facets, stock_pairs,
        option_count, listed, category, price_cents, compare_at_sale, collection_ids)
    SELECT product_id, in_stock, facets, stock_facets, stock_pairs, option_count, listed, category,
           price_cents, compare_at_sale, collection_ids FROM fresh
    ON CONFLICT (product_id) DO UPDATE SET in_stock = excluded.in_stock, facets = excluded.facets,
      stock_facets = excluded.stock_facets, stock_pairs = excluded.stock_pairs,
      option_count = excluded.option_count, listed = excluded.listed, category = excluded.category,
      price_cents = excluded.price_cents, compare_at_sale = excluded.compare_at_sale,
      collection_ids = excluded.collection_ids
      WHERE (k.in_stock, k.facets, k.stock_facets, k.stock_pairs, k.option_count, k.listed,
             k.category, k.price_cents, k.compare_at_sale, k.collection_ids)
        IS DISTINCT FROM (excluded.in_stock, excluded.facets, excluded.stock_facets,
             excluded.stock_pairs, excluded.option_count, excluded.listed, excluded.category,
             excluded.price_cents, excluded.compare_at_sale, excluded.collection_ids)
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
UPDATE product_in_stock k SET
  stock_pairs = ARRAY(SELECT DISTINCT x.f || E'\x1e' || y.f FROM variants v
                  CROSS JOIN unnest(v.facets) AS x(f) CROSS JOIN unnest(v.facets) AS y(f)
                  WHERE v.product_id = k.product_id AND v.available > 0 AND x.f <> y.f ORDER BY 1),
  option_count = (SELECT count(DISTINCT split_part(f, '=', 1)) FROM variants v
                  CROSS JOIN unnest(v.facets) AS f WHERE v.product_id = k.product_id);
