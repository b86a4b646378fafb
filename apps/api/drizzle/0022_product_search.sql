-- Decision 050: the storefront's search reads a product's text, never its markup. The text search
-- configuration `shop_search` is English with accents folded (unaccent before the stemmer).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_search (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"name_vector" "tsvector" NOT NULL,
	"facet_vector" "tsvector" NOT NULL,
	"text_vector" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A description's words as a reader sees them: scripts, styles and comments go with their text;
-- block edges and line breaks (real ones and the spec's literal backslash-n) part words; inline
-- tags join their text ('<b>C</b>otton' is 'Cotton'); tags, their attributes and entities are
-- never words.
CREATE FUNCTION search_plain_text(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(html,
    '<(script|style)\y.*?</\1\s*>', ' ', 'gi'),
    '<!--.*?-->', ' ', 'g'),
    '</?(p|li|h[1-6]|div|ul|ol|table|caption|thead|tbody|tfoot|tr|td|th|blockquote|pre|section|article|br)\y[^>]*>|\\r\\n|\\n',
    ' ', 'gi'),
    '<[^>]*>', '', 'g'),
    '&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);', ' ', 'gi')
$$;--> statement-breakpoint
-- The second field of a product's text: its category, its published collections' names, its
-- variants' option values and SKUs.
CREATE FUNCTION product_search_facets(target uuid, category text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ',
    replace(category, '_', ' '),
    (SELECT string_agg(c.name, ' ' ORDER BY c.name)
       FROM collection_products cp JOIN collections c ON c.id = cp.collection_id
      WHERE cp.product_id = target AND c.status = 'published'),
    (SELECT string_agg(concat_ws(' ', array_to_string(v.option_values, ' '), v.sku), ' ' ORDER BY v.position, v.key)
       FROM variants v WHERE v.product_id = target))
$$;--> statement-breakpoint
-- Writes the search rows of these products (those that still exist) and adds their words to the
-- vocabulary. Called by the triggers below, in the transaction that changed the product.
CREATE FUNCTION product_search_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
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
CREATE FUNCTION product_search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_search_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_search_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    PERFORM product_search_refresh(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME = 'variants' THEN
    PERFORM product_search_refresh(ARRAY[NEW.product_id]);
  ELSE -- collections
    PERFORM product_search_refresh(ARRAY(SELECT product_id FROM collection_products WHERE collection_id = NEW.id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Bulk writes (the sample catalog, CSV imports, generators) refresh each product once per statement.
CREATE TRIGGER product_search_products_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_search_products_changed();--> statement-breakpoint
CREATE TRIGGER product_search_product_updated AFTER UPDATE OF name, category, description_html ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.description_html IS DISTINCT FROM NEW.description_html)
  EXECUTE FUNCTION product_search_row_changed();--> statement-breakpoint
CREATE TRIGGER product_search_variants_inserted AFTER INSERT ON variants
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_search_rows_changed();--> statement-breakpoint
CREATE TRIGGER product_search_variants_deleted AFTER DELETE ON variants
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_search_rows_changed();--> statement-breakpoint
-- Stock changes (every hold) write other columns of variants: they fire nothing.
CREATE TRIGGER product_search_variant_updated AFTER UPDATE OF option_values, sku ON variants
  FOR EACH ROW WHEN (OLD.option_values IS DISTINCT FROM NEW.option_values OR OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION product_search_row_changed();--> statement-breakpoint
CREATE TRIGGER product_search_collection_products_inserted AFTER INSERT ON collection_products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_search_rows_changed();--> statement-breakpoint
CREATE TRIGGER product_search_collection_products_deleted AFTER DELETE ON collection_products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION product_search_rows_changed();--> statement-breakpoint
CREATE TRIGGER product_search_collection_updated AFTER UPDATE OF name, status ON collections
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION product_search_row_changed();--> statement-breakpoint
-- Every product there is now.
SELECT product_search_refresh(ARRAY(SELECT id FROM products));--> statement-breakpoint
-- The synonyms the shop starts with (the owner edits them in the back office).
INSERT INTO search_synonyms (terms) VALUES
  ('{tee,t-shirt,tshirt,shirt}'), ('{strap,belt}'), ('{tote,bag}'), ('{hoodie,sweatshirt}');
