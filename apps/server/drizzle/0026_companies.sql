CREATE SEQUENCE "public"."order_request_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"billing_address" text NOT NULL,
	"allow_free_text_address" boolean DEFAULT true NOT NULL,
	"terms_days" integer,
	"credit_limit_cents" integer,
	"terms_updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_terms_days" CHECK ("companies"."terms_days" is null or "companies"."terms_days" in (15, 30, 60)),
	CONSTRAINT "companies_terms_whole" CHECK (("companies"."terms_days" is null) = ("companies"."credit_limit_cents" is null) and coalesce("companies"."credit_limit_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"applicant_name" text NOT NULL,
	"applicant_email" text NOT NULL,
	"company_name" text NOT NULL,
	"tax_id" text,
	"billing_address" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"sees_all_orders" boolean DEFAULT false NOT NULL,
	"order_limit_cents" integer,
	"monthly_limit_cents" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_limits_positive" CHECK (coalesce("company_members"."order_limit_cents", 1) > 0 and coalesce("company_members"."monthly_limit_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT ('RQ-' || nextval('order_request_number_seq')) NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_id" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"kind" text NOT NULL,
	"quote_id" uuid,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"po_reference" text,
	"payment_method" text NOT NULL,
	"offer_version" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "order_requests_total_positive" CHECK ("order_requests"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_list_lines" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "saved_list_lines_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "saved_list_lines_quantity_positive" CHECK ("saved_list_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_tax_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "placed_by" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "placed_by_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "address_label" text;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_applications" ADD CONSTRAINT "company_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_applications" ADD CONSTRAINT "company_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_lines" ADD CONSTRAINT "saved_list_lines_list_id_saved_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_lines" ADD CONSTRAINT "saved_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_created_at_id_idx" ON "companies" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (("name" || ' ' || coalesce("tax_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_applications_one_pending" ON "company_applications" USING btree ("user_id") WHERE "company_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "company_applications_status_idx" ON "company_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_open_email" ON "company_invitations" USING btree ("company_id","email") WHERE "company_invitations"."accepted_at" is null and "company_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "order_requests_company_idx" ON "order_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_lists_company_idx" ON "saved_lists" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_id_idx" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_id_idx" ON "invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "quotes_company_id_idx" ON "quotes" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "checkouts_company_id_idx" ON "checkouts" USING btree ("company_id","created_at");;--> statement-breakpoint
-- Payment terms belonged to a person: each such customer becomes a company of one (its admin), named
-- after them, billed at their profile's address, with their terms, credit line and past orders
-- (docs/decisions/0215). The ids are drawn first so that the member and order rows can name them.
CREATE TABLE "company_migration" AS SELECT gen_random_uuid() AS "company_id", "payment_terms".* FROM "payment_terms";--> statement-breakpoint
INSERT INTO "companies" ("id", "name", "billing_address", "terms_days", "credit_limit_cents", "terms_updated_by", "created_at", "updated_at")
SELECT m."company_id", u."name", coalesce(nullif(trim(p."address"), ''), 'Not given yet'), m."terms_days", m."credit_limit_cents", m."updated_by", m."updated_at", m."updated_at"
FROM "company_migration" m JOIN "users" u ON u."id" = m."user_id" LEFT JOIN "user_profiles" p ON p."user_id" = m."user_id";--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role", "joined_at")
SELECT m."user_id", m."company_id", 'admin', m."updated_at" FROM "company_migration" m;--> statement-breakpoint
UPDATE "orders" SET "company_id" = m."company_id" FROM "company_migration" m WHERE "orders"."user_id" = m."user_id";--> statement-breakpoint
UPDATE "checkouts" SET "company_id" = m."company_id" FROM "company_migration" m WHERE "checkouts"."user_id" = m."user_id";--> statement-breakpoint
UPDATE "quotes" SET "company_id" = m."company_id" FROM "company_migration" m WHERE "quotes"."user_id" = m."user_id";--> statement-breakpoint
-- Documents already issued keep the names they were issued to; they become the company's to read.
UPDATE "invoices" SET "company_id" = m."company_id" FROM "company_migration" m WHERE "invoices"."user_id" = m."user_id";--> statement-breakpoint
DROP TABLE "company_migration";--> statement-breakpoint
DROP TABLE "payment_terms";
