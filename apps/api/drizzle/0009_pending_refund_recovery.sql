ALTER TABLE "refunds" ADD COLUMN "actor_address" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cancels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';