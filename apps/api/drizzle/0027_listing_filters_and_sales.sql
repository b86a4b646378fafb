CREATE TABLE "product_sales_days" (
	"product_id" uuid NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "product_sales_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_sales_days" ADD CONSTRAINT "product_sales_days_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sales_days_day_idx" ON "product_sales_days" USING btree ("day");--> statement-breakpoint
-- Decision 057: a variant's facets ('size=L', 'colour=Sand') from its product's options and its
-- own values, for the listings' option filters; kept by the database whichever is written first.
CREATE FUNCTION variant_facets_of(options jsonb, option_values text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(btrim(o.opt->>'name')) || '=' || option_values[o.i::int] ORDER BY o.i)
           FILTER (WHERE option_values[o.i::int] IS NOT NULL), '{}')
    FROM jsonb_array_elements(options) WITH ORDINALITY AS o(opt, i)
$$;--> statement-breakpoint
CREATE FUNCTION variant_facets_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.facets := variant_facets_of((SELECT p.options FROM products p WHERE p.id = NEW.product_id), NEW.option_values);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Stock changes (every hold) write other columns: they fire nothing.
CREATE TRIGGER variant_facets_written BEFORE INSERT OR UPDATE OF option_values ON variants
  FOR EACH ROW EXECUTE FUNCTION variant_facets_written();--> statement-breakpoint
CREATE FUNCTION variant_facets_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE variants SET facets = variant_facets_of(NEW.options, option_values) WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER variant_facets_options_changed AFTER UPDATE OF options ON products
  FOR EACH ROW WHEN (OLD.options IS DISTINCT FROM NEW.options)
  EXECUTE FUNCTION variant_facets_options_changed();--> statement-breakpoint
UPDATE variants v SET facets = variant_facets_of(p.options, v.option_values)
  FROM products p WHERE p.id = v.product_id;--> statement-breakpoint
-- 'Best selling': units paid per product and day (UTC), added when an order is paid, and for a
-- line added to an order already paid. Rows are written in product order, so two payments of the
-- same products never wait on each other in a cycle.
CREATE FUNCTION product_sales_order_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_days AS d (product_id, day, units)
  SELECT i.product_id, (NEW.paid_at AT TIME ZONE 'UTC')::date, sum(i.qty)
    FROM order_items i WHERE i.order_id = NEW.id
   GROUP BY i.product_id ORDER BY i.product_id
  ON CONFLICT (product_id, day) DO UPDATE SET units = d.units + excluded.units;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_sales_order_paid AFTER UPDATE OF paid_at ON orders
  FOR EACH ROW WHEN (OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL)
  EXECUTE FUNCTION product_sales_order_paid();--> statement-breakpoint
CREATE FUNCTION product_sales_items_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_days AS d (product_id, day, units)
  SELECT i.product_id, (o.paid_at AT TIME ZONE 'UTC')::date, sum(i.qty)
    FROM added i JOIN orders o ON o.id = i.order_id
   WHERE o.paid_at IS NOT NULL
   GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (product_id, day) DO UPDATE SET units = d.units + excluded.units;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_sales_items_added AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION product_sales_items_added();--> statement-breakpoint
INSERT INTO product_sales_days (product_id, day, units)
SELECT i.product_id, (o.paid_at AT TIME ZONE 'UTC')::date, sum(i.qty)
  FROM order_items i JOIN orders o ON o.id = i.order_id
 WHERE o.paid_at >= now() - interval '91 days'
 GROUP BY 1, 2;
