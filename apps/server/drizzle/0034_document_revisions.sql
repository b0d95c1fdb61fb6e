ALTER TABLE "product_documents" ADD COLUMN "revision" text;--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "revised_on" date;