ALTER TABLE "products" ADD COLUMN "allow_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
CREATE INDEX "orders_backordered_product_idx" ON "orders" USING btree ("product_id","created_at") WHERE "orders"."backordered_quantity" > 0 and "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_within" CHECK ("products"."lead_time_days" IS NULL OR ("products"."lead_time_days" >= 1 AND "products"."lead_time_days" <= 365));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_backorder_has_lead_time" CHECK (NOT "products"."allow_backorder" OR "products"."lead_time_days" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_backordered_within" CHECK ("orders"."backordered_quantity" >= 0 and "orders"."shipped_quantity" + "orders"."backordered_quantity" <= "orders"."quantity");