CREATE TABLE "punchout_credentials" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"acting_user_id" text NOT NULL,
	"cxml_domain" text,
	"cxml_identity" text,
	"shared_secret_hash" text,
	"oci_username" text,
	"oci_password_hash" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"payload_id" text,
	"status" smallint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_orders" (
	"company_id" uuid NOT NULL,
	"order_ref" text NOT NULL,
	"payload_id" text NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_orders_company_id_order_ref_pk" PRIMARY KEY("company_id","order_ref")
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"return_url" text NOT NULL,
	"buyer_cookie" text,
	"buyer_identity" text,
	"start_token_hash" text,
	"start_expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"auth_session_id" text,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_sessions_start_token_hash_unique" UNIQUE("start_token_hash")
);
--> statement-breakpoint
ALTER TABLE "punchout_credentials" ADD CONSTRAINT "punchout_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_credentials" ADD CONSTRAINT "punchout_credentials_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_credentials" ADD CONSTRAINT "punchout_credentials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_documents" ADD CONSTRAINT "punchout_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_documents" ADD CONSTRAINT "punchout_documents_session_id_punchout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."punchout_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_auth_session_id_sessions_id_fk" FOREIGN KEY ("auth_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_credentials_cxml_key" ON "punchout_credentials" USING btree ("cxml_domain","cxml_identity");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_credentials_oci_key" ON "punchout_credentials" USING btree ("oci_username");--> statement-breakpoint
CREATE INDEX "punchout_documents_company_idx" ON "punchout_documents" USING btree ("company_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_sessions_auth_session_key" ON "punchout_sessions" USING btree ("auth_session_id");