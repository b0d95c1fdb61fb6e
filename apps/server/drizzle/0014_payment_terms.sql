CREATE TABLE "payment_terms" (
	"user_id" text PRIMARY KEY NOT NULL,
	"terms_days" integer NOT NULL,
	"credit_limit_cents" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_terms_days" CHECK ("payment_terms"."terms_days" in (15, 30, 60)),
	CONSTRAINT "payment_terms_limit_positive" CHECK ("payment_terms"."credit_limit_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_shipped_only_when_paid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_invoice_due_at_idx" ON "checkouts" USING btree ("due_at") WHERE "checkouts"."payment_method" = 'invoice';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_only_when_paid" CHECK ("orders"."status" <> 'shipped' OR "orders"."paid" OR "orders"."due_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_invoice_has_due_date" CHECK (("checkouts"."payment_method" = 'invoice') = ("checkouts"."due_at" is not null));