ALTER TABLE "company_applications" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "company_applications" ADD COLUMN "region" text;