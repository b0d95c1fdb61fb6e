CREATE TABLE "lapsed_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"lapsed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lapsed_holds_checkout_id_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
ALTER TABLE "lapsed_holds" ADD CONSTRAINT "lapsed_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lapsed_holds_user_at" ON "lapsed_holds" USING btree ("user_id","lapsed_at");