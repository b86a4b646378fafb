ALTER TABLE "reviews" DROP CONSTRAINT "reviews_one_per_email_per_product";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_account_per_product" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_guest_email_per_product" ON "reviews" USING btree ("product_id","email") WHERE "reviews"."user_id" is null;--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");--> statement-breakpoint
-- Decision 022: only the address an account was made with can attach guest orders. An e-mail
-- change completed before this migration left a used request for the address the account has now
-- (a request revoked or expired never moved the account): such accounts are marked changed.
UPDATE "users" AS u
SET "email_changed_at" = c."used_at"
FROM (
  SELECT "user_id", "new_email", max("used_at") AS "used_at"
  FROM "email_change_requests"
  WHERE "used_at" IS NOT NULL
  GROUP BY "user_id", "new_email"
) AS c
WHERE c."user_id" = u."id" AND c."new_email" = u."email";--> statement-breakpoint
-- Guest orders counted before by their e-mail alone stay the customer's only where the address is
-- proven: paid with the e-mail of a verified account, still the one it was made with, before that
-- account was made (what verification and a reset now attach).
UPDATE "orders" AS o
SET "user_id" = u."id", "updated_at" = now()
FROM "users" AS u
WHERE o."user_id" IS NULL
  AND o."email" = u."email"
  AND u."verified_at" IS NOT NULL
  AND u."email_changed_at" IS NULL
  AND o."paid_at" IS NOT NULL
  AND o."created_at" < u."created_at";--> statement-breakpoint
-- Decision 014: an account's reviews are its own. Before this migration a review written signed in
-- was filed under the account's e-mail and name, one written through an order link as 'Verified
-- buyer': only the former, written while the account existed, are the account's.
UPDATE "reviews" AS r
SET "user_id" = u."id"
FROM "users" AS u
WHERE r."user_id" IS NULL
  AND r."email" = u."email"
  AND r."name" <> 'Verified buyer'
  AND r."created_at" >= u."created_at";
