CREATE TABLE "guest_customers" (
	"email_key" text PRIMARY KEY NOT NULL,
	"first_order_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_newest_idx";--> statement-breakpoint
DROP INDEX "orders_status_newest_idx";--> statement-breakpoint
CREATE INDEX "guest_customers_newest_idx" ON "guest_customers" USING btree ("since" DESC NULLS FIRST,"first_order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "guest_customers_email_trgm_idx" ON "guest_customers" USING gin ("email_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "guest_customers_name_trgm_idx" ON "guest_customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_customers_newest_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_newest_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Decision 053: guest customers are kept by a trigger on orders, so every way an order changes
-- (payment, an account claiming its guest orders, an account's erasure) keeps them right.
CREATE VIEW "paid_guest_orders" AS
  SELECT lower("email") AS "email_key", "id", "created_at",
    coalesce(nullif("shipping_address"->>'fullName', ''), "customer_name") AS "name"
  FROM "orders" WHERE "user_id" IS NULL AND "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "guest_customer_refresh"("key" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One refresh of a guest at a time: the next waits for this transaction, then reads what it
  -- committed (each statement here takes a new snapshot under READ COMMITTED).
  PERFORM pg_advisory_xact_lock(hashtext('guest_customers'), hashtext("key"));
  DELETE FROM "guest_customers" WHERE "email_key" = "key";
  INSERT INTO "guest_customers" ("email_key", "first_order_id", "since", "name")
  SELECT "key", f."id", f."created_at", (
      SELECT l."name" FROM "paid_guest_orders" l WHERE l."email_key" = "key"
      ORDER BY l."created_at" DESC, l."id" DESC LIMIT 1)
  FROM "paid_guest_orders" f WHERE f."email_key" = "key"
  ORDER BY f."created_at", f."id" LIMIT 1;
END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_keep_guest_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."user_id" IS NULL AND OLD."paid_at" IS NOT NULL THEN
    PERFORM "guest_customer_refresh"(lower(OLD."email"));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."user_id" IS NULL AND NEW."paid_at" IS NOT NULL AND (
    TG_OP = 'INSERT' OR OLD."user_id" IS NOT NULL OR OLD."paid_at" IS NULL
    OR lower(OLD."email") <> lower(NEW."email")
  ) THEN
    PERFORM "guest_customer_refresh"(lower(NEW."email"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_keep_guest_customers"
  AFTER INSERT OR DELETE OR UPDATE OF "user_id", "paid_at", "email", "customer_name", "shipping_address", "created_at"
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_keep_guest_customers"();--> statement-breakpoint
-- Every guest at once, from the orders (this migration; a bulk load that turned the trigger off).
CREATE FUNCTION "guest_customers_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "guest_customers";
  INSERT INTO "guest_customers" ("email_key", "first_order_id", "since", "name")
  SELECT f."email_key", f."id", f."created_at", l."name"
  FROM (SELECT DISTINCT ON ("email_key") "email_key", "id", "created_at" FROM "paid_guest_orders"
        ORDER BY "email_key", "created_at", "id") f
  JOIN (SELECT DISTINCT ON ("email_key") "email_key", "name" FROM "paid_guest_orders"
        ORDER BY "email_key", "created_at" DESC, "id" DESC) l USING ("email_key");
$$;--> statement-breakpoint
SELECT "guest_customers_rebuild"();
