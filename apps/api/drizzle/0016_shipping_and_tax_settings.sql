CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"free_from_cents" integer,
	"min_weight_grams" integer,
	"max_weight_grams" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_amounts_nonnegative" CHECK ("shipping_rates"."price_cents" >= 0 and "shipping_rates"."free_from_cents" >= 0),
	CONSTRAINT "shipping_rates_weights_in_order" CHECK ("shipping_rates"."min_weight_grams" >= 0 and "shipping_rates"."max_weight_grams" >= "shipping_rates"."min_weight_grams")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"everywhere_else" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_rate_bp" integer NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_settings_one_row" CHECK ("tax_settings"."id" = 1),
	CONSTRAINT "tax_settings_rate_range" CHECK ("tax_settings"."default_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_rate_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_taxed" boolean;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_rates_zone_idx" ON "shipping_rates" USING btree ("zone_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_one_everywhere_else" ON "shipping_zones" USING btree ("everywhere_else") WHERE "shipping_zones"."everywhere_else";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_unique" ON "tax_rates" USING btree ("country","state");--> statement-breakpoint
-- The spec's charges, so a fresh shop and an upgraded one price orders as before (decision 041).
WITH "everywhere" AS (
  INSERT INTO "shipping_zones" ("name", "everywhere_else") VALUES ('Everywhere', true) RETURNING "id"
)
INSERT INTO "shipping_rates" ("zone_id", "name", "price_cents", "free_from_cents", "position")
  SELECT "id", 'Standard', 500, 5000, 0 FROM "everywhere";--> statement-breakpoint
INSERT INTO "tax_settings" ("id", "default_rate_bp", "tax_shipping") VALUES (1, 700, false);
