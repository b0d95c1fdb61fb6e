CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("email" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_product_name_trgm_idx" ON "orders" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_id_text_idx" ON "orders" USING btree (("id"::text) text_pattern_ops);