ALTER TABLE "products" ADD COLUMN "sku_key" text GENERATED ALWAYS AS (regexp_replace(sku, '[^A-Z0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sku_key_idx" ON "products" USING btree ("sku_key");--> statement-breakpoint
CREATE INDEX "products_sku_key_trgm_idx" ON "products" USING gin ("sku_key" gin_trgm_ops);