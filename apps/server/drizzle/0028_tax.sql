CREATE TABLE "tax_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"certificate_number" text NOT NULL,
	"region" text,
	"expires_on" date NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file" "bytea" NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"uploaded_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"category" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000),
	CONSTRAINT "tax_rates_country_code" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_valid_order" CHECK ("tax_rates"."valid_to" is null or "tax_rates"."valid_to" >= "tax_rates"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gross_cents" integer GENERATED ALWAYS AS (total_cents + tax_cents) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "net_cents" integer;--> statement-breakpoint
-- Documents issued before tax carried none: their net is their total.
UPDATE "invoices" SET "net_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "net_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_treatment" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supplied_on" date;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "gross_cents" integer GENERATED ALWAYS AS (total_cents + tax_cents) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_treatment" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "buyer_country" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_verified_by" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_exemptions_company_idx" ON "tax_exemptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_rates_place_idx" ON "tax_rates" USING btree ("country","region","category");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_not_negative" CHECK ("orders"."tax_cents" >= 0 and "orders"."tax_rate_basis_points" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_gross_is_net_plus_tax" CHECK ("invoices"."total_cents" = "invoices"."net_cents" + "invoices"."tax_cents");