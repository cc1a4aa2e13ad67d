ALTER TABLE "calendar_feeds" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Users that existed before: their last change of any kind stands in for both (never earlier than it was).
UPDATE "users" SET "role_changed_at" = "updated_at", "password_changed_at" = "updated_at";
