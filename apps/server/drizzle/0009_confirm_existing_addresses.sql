-- Decision 0131: mail other than the confirmation and reset links goes only to confirmed addresses.
-- Accounts made before that rule were never asked to confirm: they keep getting their order mails.
-- Photos from other sites (Google avatars) are dropped: a photo is one uploaded to Forgeline or none.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;--> statement-breakpoint
UPDATE "users" SET "image" = NULL WHERE "image" IS NOT NULL AND "image" !~ '^/uploads/[A-Za-z0-9._-]+$';--> statement-breakpoint
UPDATE "reviews" SET "image_url" = NULL WHERE "image_url" IS NOT NULL AND "image_url" !~ '^/uploads/[A-Za-z0-9._-]+$';
