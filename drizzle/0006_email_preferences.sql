ALTER TABLE "account" ADD COLUMN "email_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "email_events" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "email_notices" boolean DEFAULT false NOT NULL;