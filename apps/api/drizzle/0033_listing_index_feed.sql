CREATE TABLE "product_in_stock_gone" (
	"product_id" uuid NOT NULL,
	"changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_in_stock" ADD COLUMN "changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_in_stock_gone_changed_idx" ON "product_in_stock_gone" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "product_in_stock_changed_idx" ON "product_in_stock" USING btree ("changed");--> statement-breakpoint
-- Decision 061: the API keeps an index of the listings' facts in memory and reads, before each
-- filtered listing, the rows written since the oldest transaction it could not see yet. Every
-- write of a row names its transaction; a deleted row leaves its product's id behind.
CREATE FUNCTION product_in_stock_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_in_stock_stamp BEFORE UPDATE ON product_in_stock
  FOR EACH ROW EXECUTE FUNCTION product_in_stock_stamp();--> statement-breakpoint
CREATE FUNCTION product_in_stock_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_in_stock_gone (product_id) SELECT product_id FROM gone;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_in_stock_left AFTER DELETE ON product_in_stock
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION product_in_stock_left();
