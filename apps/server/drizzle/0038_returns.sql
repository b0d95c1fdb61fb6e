CREATE SEQUENCE "public"."return_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT ('RT-' || nextval('return_number_seq')) NOT NULL,
	"order_id" uuid NOT NULL,
	"requested_by" text,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"resaleable_quantity" integer,
	"refund_method" text,
	"refunded_cents" integer,
	"credit_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_quantity_positive" CHECK ("returns"."quantity" > 0),
	CONSTRAINT "returns_resaleable_within" CHECK ("returns"."resaleable_quantity" IS NULL OR ("returns"."resaleable_quantity" >= 0 AND "returns"."resaleable_quantity" <= "returns"."quantity")),
	CONSTRAINT "returns_refunded_not_negative" CHECK ("returns"."refunded_cents" IS NULL OR "returns"."refunded_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_order_id_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_created_idx" ON "returns" USING btree ("status","created_at");