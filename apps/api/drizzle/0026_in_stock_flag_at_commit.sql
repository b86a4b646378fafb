-- Decision 050, amended: the in-stock flag is written when the transaction commits, after every
-- variant it changes is locked. Written at once (a row trigger), a checkout that took one
-- variant to zero locked the product's flag while its next variant was still to be locked: a
-- second checkout holding that variant and taking another to zero waited on the flag, and each
-- waited on the other (deadlock, found by the stock ledger's property test on PostgreSQL).
DROP TRIGGER product_in_stock_variant_crossed ON variants;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_in_stock_variant_crossed AFTER UPDATE OF on_hand, held ON variants
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.on_hand - OLD.held > 0) IS DISTINCT FROM (NEW.on_hand - NEW.held > 0))
  EXECUTE FUNCTION product_in_stock_variant_crossed();
