CREATE TABLE "delivery_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_name_unique" UNIQUE("name"),
	CONSTRAINT "delivery_methods_rates_array" CHECK (jsonb_typeof("delivery_methods"."rates") = 'array')
);--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"destinations" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_name_unique" UNIQUE("name")
);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_method_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_method_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_kind" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_country" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_region" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams_non_negative" CHECK ("products"."weight_grams" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_delivery_cents_non_negative" CHECK ("checkouts"."delivery_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" drop column "gross_cents";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gross_cents" integer GENERATED ALWAYS AS (total_cents + tax_cents + delivery_cents + delivery_tax_cents) STORED NOT NULL;
