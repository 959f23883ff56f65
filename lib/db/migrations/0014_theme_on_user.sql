-- A member's colour scheme moves onto the user row, which every page reads with the session:
-- each member's choice is carried over before member_settings goes.
ALTER TABLE "user" ADD COLUMN "theme" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_theme_check" CHECK ("user"."theme" in ('system', 'light', 'dark'));--> statement-breakpoint
UPDATE "user" SET "theme" = "member_settings"."theme" FROM "member_settings" WHERE "member_settings"."user_id" = "user"."id";--> statement-breakpoint
DROP TABLE "member_settings" CASCADE;
