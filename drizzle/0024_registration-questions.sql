ALTER TABLE "event" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "answers" jsonb;