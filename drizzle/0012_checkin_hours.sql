ALTER TABLE "event" ADD COLUMN "hours_minutes" integer;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "checkin_key" uuid;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "hours_minutes" integer;--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_checked_in_by_account_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_hours_minutes_range" CHECK ("event"."hours_minutes" is null or "event"."hours_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_hours_minutes_range" CHECK ("registration"."hours_minutes" is null or "registration"."hours_minutes" between 0 and 1440);