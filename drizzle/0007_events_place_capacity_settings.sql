CREATE TYPE "public"."registration_status" AS ENUM('registered', 'waitlisted');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('pending', 'approved', 'hidden');--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "end_at" timestamp(0);--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "status" "registration_status" DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "status" "review_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- Reviews written before moderation existed were already on the public pages: they stay there.
UPDATE "review" SET "status" = 'approved';--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_event_status_idx" ON "registration" USING btree ("event_id","status","position");--> statement-breakpoint
CREATE INDEX "review_status_created_at_idx" ON "review" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_capacity_positive" CHECK ("event"."capacity" is null or "event"."capacity" >= 1);