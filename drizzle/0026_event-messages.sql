CREATE TYPE "public"."event_message_audience" AS ENUM('registered', 'waitlisted', 'checkedIn', 'notCheckedIn', 'everyone');--> statement-breakpoint
CREATE TYPE "public"."event_message_status" AS ENUM('scheduled', 'sending', 'sent', 'cancelled');--> statement-breakpoint
CREATE TABLE "event_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"shift_id" uuid,
	"shift_role" text,
	"shift_starts_at" text,
	"audience" "event_message_audience" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" "event_message_status" DEFAULT 'scheduled' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"left_out" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone,
	"kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_message" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "event_message" ADD CONSTRAINT "event_message_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_message" ADD CONSTRAINT "event_message_author_id_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_message_due_idx" ON "event_message" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "event_message_event_idx" ON "event_message" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_message_after_event_uq" ON "event_message" USING btree ("event_id","kind") WHERE "event_message"."kind" is not null;--> statement-breakpoint
CREATE INDEX "outbox_message_source_idx" ON "outbox_message" USING btree ("source","status") WHERE "outbox_message"."source" is not null;