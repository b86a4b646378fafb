ALTER TABLE "product_search" ADD COLUMN "changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_changed_idx" ON "product_search" USING btree ("changed");--> statement-breakpoint
-- Decision 068: the API's listing index keeps each product's words too, and answers a search's
-- matches itself. Every write of a search row names its transaction, as product_in_stock's do
-- (0033, whose function only stamps NEW.changed); a deleted row needs no trace: its product's
-- facts leave product_in_stock too, and the index forgets the product with them.
CREATE TRIGGER product_search_stamp BEFORE UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_in_stock_stamp();
