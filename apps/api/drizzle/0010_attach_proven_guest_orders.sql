-- Decision 022: a customer's orders are the account's own. Guest orders counted before by their
-- e-mail alone stay the customer's only where the address is proven: paid with the e-mail of a
-- verified account before that account was made (what verification now attaches).
UPDATE "orders" AS o
SET "user_id" = u."id", "updated_at" = now()
FROM "users" AS u
WHERE o."user_id" IS NULL
  AND o."email" = u."email"
  AND u."verified_at" IS NOT NULL
  AND o."paid_at" IS NOT NULL
  AND o."created_at" < u."created_at";
