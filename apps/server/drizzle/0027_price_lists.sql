CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "customer_part_numbers" (
	"company_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"part_key" text GENERATED ALWAYS AS (regexp_replace(upper(part_number), '[^A-Z0-9]', '', 'g')) STORED NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_part_numbers_company_id_part_key_pk" PRIMARY KEY("company_id","part_key")
);
--> statement-breakpoint
CREATE TABLE "price_list_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"company_id" uuid,
	"group_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_list_assignments_one_holder" CHECK (("price_list_assignments"."company_id" is null) <> ("price_list_assignments"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price_cents" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_list_items_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_items_price" CHECK ("price_list_items"."price_cents" is null or "price_list_items"."price_cents" >= 1)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"percent_off_basis_points" integer,
	"rule_scope" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_name_unique" UNIQUE("name"),
	CONSTRAINT "price_lists_valid_order" CHECK ("price_lists"."valid_from" is null or "price_lists"."valid_to" is null or "price_lists"."valid_to" >= "price_lists"."valid_from"),
	CONSTRAINT "price_lists_percent_off" CHECK ("price_lists"."percent_off_basis_points" is null or "price_lists"."percent_off_basis_points" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "product_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"company_id" uuid,
	"group_id" uuid,
	"access" text NOT NULL,
	CONSTRAINT "product_access_one_holder" CHECK (("product_access"."company_id" is null) <> ("product_access"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_part_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_part_numbers" ADD CONSTRAINT "customer_part_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_part_numbers" ADD CONSTRAINT "customer_part_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access" ADD CONSTRAINT "product_access_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access" ADD CONSTRAINT "product_access_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_access" ADD CONSTRAINT "product_access_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_part_numbers_product" ON "customer_part_numbers" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_assignments_company" ON "price_list_assignments" USING btree ("price_list_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_assignments_group" ON "price_list_assignments" USING btree ("price_list_id","group_id");--> statement-breakpoint
CREATE INDEX "price_list_assignments_company_idx" ON "price_list_assignments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "price_list_assignments_group_idx" ON "price_list_assignments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "price_list_items_product_idx" ON "price_list_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_access_company" ON "product_access" USING btree ("product_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_access_group" ON "product_access" USING btree ("product_id","group_id");--> statement-breakpoint
CREATE INDEX "product_access_company_idx" ON "product_access" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "product_access_group_idx" ON "product_access" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE set null ON UPDATE no action;