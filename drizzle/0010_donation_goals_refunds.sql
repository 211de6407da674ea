ALTER TABLE "donation" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "goal_cents" integer;--> statement-breakpoint
ALTER TABLE "test_payment" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "donation" ADD CONSTRAINT "donation_refunded_by_account_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_event_idx" ON "donation" USING btree ("event_id","currency") WHERE "donation"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_goal_positive" CHECK ("event"."goal_cents" is null or "event"."goal_cents" >= 1);