CREATE TABLE "product_facets" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"restricted" boolean NOT NULL,
	"discontinued" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"numbers" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"booleans" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_facets" ADD CONSTRAINT "product_facets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_facets" ADD CONSTRAINT "product_facets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_facets_category_idx" ON "product_facets" USING btree ("category_id");--> statement-breakpoint
-- Hand-written (docs/decisions/0265): the facet index follows every write of a part's category, values,
-- visibility or age, in the writing transaction, whoever writes (the app, the CSV import, a cascade).
-- Its rows are locked first: a refresh waits for another one of the same parts, then reads what it committed.
CREATE FUNCTION "product_facets_refresh"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "product_facets" WHERE "product_id" = ANY ("ids") ORDER BY "product_id" FOR UPDATE;
  DELETE FROM "product_facets" f WHERE f."product_id" = ANY ("ids")
    AND NOT EXISTS (SELECT 1 FROM "product_categories" pc WHERE pc."product_id" = f."product_id");
  INSERT INTO "product_facets" ("product_id", "category_id", "restricted", "discontinued", "created_at",
    "numbers", "texts", "booleans")
  SELECT pc."product_id", pc."category_id", p."restricted", p."discontinued", p."created_at",
    coalesce(v."numbers", '{}'), coalesce(v."texts", '{}'), coalesce(v."booleans", '{}')
  FROM "product_categories" pc JOIN "products" p ON p."id" = pc."product_id"
  CROSS JOIN LATERAL (
    SELECT jsonb_object_agg(a."attribute_id"::text, a."number_value") FILTER (WHERE a."number_value" IS NOT NULL) AS "numbers",
      jsonb_object_agg(a."attribute_id"::text, a."text_value") FILTER (WHERE a."text_value" IS NOT NULL) AS "texts",
      jsonb_object_agg(a."attribute_id"::text, a."boolean_value") FILTER (WHERE a."boolean_value" IS NOT NULL) AS "booleans"
    FROM "product_attribute_values" a WHERE a."product_id" = pc."product_id"
  ) v
  WHERE pc."product_id" = ANY ("ids")
  ON CONFLICT ("product_id") DO UPDATE SET "category_id" = excluded."category_id",
    "restricted" = excluded."restricted", "discontinued" = excluded."discontinued",
    "created_at" = excluded."created_at", "numbers" = excluded."numbers", "texts" = excluded."texts",
    "booleans" = excluded."booleans";
END $$;
--> statement-breakpoint
-- One refresh per statement, of the parts it touched (a CSV import of thousands is one refresh).
CREATE FUNCTION "product_facets_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "product_facets_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "product_facets_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM "old_rows"));
  ELSE
    PERFORM "product_facets_refresh"(ARRAY(SELECT "product_id" FROM "new_rows" UNION SELECT "product_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_categories_facets_insert" AFTER INSERT ON "product_categories"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
CREATE TRIGGER "product_categories_facets_update" AFTER UPDATE ON "product_categories"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
CREATE TRIGGER "product_categories_facets_delete" AFTER DELETE ON "product_categories"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_facets_insert" AFTER INSERT ON "product_attribute_values"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_facets_update" AFTER UPDATE ON "product_attribute_values"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_facets_delete" AFTER DELETE ON "product_attribute_values"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_follow"();--> statement-breakpoint
-- Visibility and age: a row trigger that does nothing unless one of them changed (stock updates pass by).
CREATE FUNCTION "product_facets_follow_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_facets" SET "restricted" = NEW."restricted", "discontinued" = NEW."discontinued",
    "created_at" = NEW."created_at" WHERE "product_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_facets_update" AFTER UPDATE OF "restricted", "discontinued", "created_at" ON "products"
  FOR EACH ROW WHEN (OLD."restricted" IS DISTINCT FROM NEW."restricted"
    OR OLD."discontinued" IS DISTINCT FROM NEW."discontinued" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "product_facets_follow_product"();--> statement-breakpoint
SELECT "product_facets_refresh"(ARRAY(SELECT "product_id" FROM "product_categories"));
