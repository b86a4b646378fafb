-- Decision 059, amended: a listing with 'In stock only' as its one filter reads kept counts too.
-- A product in stock also counts, in '<scope>+in-stock', for the facets that change with that
-- filter: the total, its category, price, compare-at sale and collections (its option values and
-- the in-stock count read the same either way).
CREATE OR REPLACE FUNCTION listing_facet_rows(listed boolean, category text, price_cents integer,
    in_stock boolean, compare_at_sale boolean, collection_ids uuid[], facets text[],
    stock_facets text[])
  RETURNS TABLE (scope text, facet text, value text, "position" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT s.scope, f.facet, f.value, f.position
    FROM unnest(ARRAY['all', 'category:' || category]
                || ARRAY(SELECT 'collection:' || c FROM unnest(collection_ids) AS c)) AS b(scope)
    CROSS JOIN LATERAL (
      SELECT b.scope, false UNION ALL SELECT b.scope || '+in-stock', true WHERE in_stock
    ) AS s(scope, stocked)
    CROSS JOIN LATERAL (
      SELECT 'total', '', 0
      UNION ALL SELECT 'type', category, 0
      UNION ALL SELECT 'price', price_cents::text, 0
      UNION ALL SELECT 'in-stock', '', 0 WHERE in_stock AND NOT s.stocked
      UNION ALL SELECT 'on-sale', '', 0 WHERE compare_at_sale
      UNION ALL SELECT 'collection', c::text, 0 FROM unnest(collection_ids) AS c
        WHERE b.scope NOT LIKE 'collection:%'
      UNION ALL SELECT 'option-at', o.facet, o.n::integer
        FROM unnest(facets) WITH ORDINALITY AS o(facet, n) WHERE NOT s.stocked
      UNION ALL SELECT 'option', o.facet, 0 FROM unnest(stock_facets) AS o(facet)
        WHERE NOT s.stocked
    ) AS f(facet, value, position)
   WHERE listed AND category IS NOT NULL AND price_cents IS NOT NULL
$$;--> statement-breakpoint
-- What every product counts for under the new function, counted again from the kept facts.
DELETE FROM listing_facet_deltas;--> statement-breakpoint
DELETE FROM listing_facet_counts;--> statement-breakpoint
INSERT INTO listing_facet_counts (scope, facet, value, position, count)
SELECT r.scope, r.facet, r.value, r.position, count(*)::integer
  FROM product_in_stock k
  CROSS JOIN LATERAL listing_facet_rows(k.listed, k.category, k.price_cents, k.in_stock,
    k.compare_at_sale, k.collection_ids, k.facets, k.stock_facets) r
 GROUP BY r.scope, r.facet, r.value, r.position;
