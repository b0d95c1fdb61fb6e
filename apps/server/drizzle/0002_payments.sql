CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"amount_received_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"last_error_code" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "test_payment_intents_amount_positive" CHECK ("test_payment_intents"."amount_cents" > 0),
	CONSTRAINT "test_payment_intents_refund_bounded" CHECK ("test_payment_intents"."refunded_cents" BETWEEN 0 AND "test_payment_intents"."amount_received_cents")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "test_payment_intents_order_id_idx" ON "test_payment_intents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_at_idx" ON "orders" USING btree ("created_at") WHERE "orders"."paid" = false;