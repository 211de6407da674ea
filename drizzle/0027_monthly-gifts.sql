CREATE TABLE "subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"event_id" uuid,
	"event_title" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_id" text,
	"start_key" text NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"anchor_at" timestamp with time zone,
	"next_payment_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"last4" text,
	"payment_method" text,
	"version" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_gateway_id_unique" UNIQUE("gateway_id"),
	CONSTRAINT "subscription_start_key_unique" UNIQUE("start_key")
);
--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "test_payment" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_ended_by_account_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_due_idx" ON "subscription" USING btree ("next_payment_at") WHERE "subscription"."status" in ('active', 'paused');--> statement-breakpoint
CREATE INDEX "subscription_account_idx" ON "subscription" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "subscription_created_at_idx" ON "subscription" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscription_email_idx" ON "subscription" USING btree ("email");--> statement-breakpoint
ALTER TABLE "donation" ADD CONSTRAINT "donation_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_subscription_idx" ON "donation" USING btree ("subscription_id");