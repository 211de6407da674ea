CREATE TABLE "waiver_signature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"waiver_version_id" uuid NOT NULL,
	"event_id" uuid,
	"event_title" text NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"signed_name" text NOT NULL,
	"guardian_name" text,
	"address" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "waiver" jsonb;--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "waiver_signature_id" uuid;--> statement-breakpoint
ALTER TABLE "waiver_signature" ADD CONSTRAINT "waiver_signature_waiver_version_id_waiver_version_id_fk" FOREIGN KEY ("waiver_version_id") REFERENCES "public"."waiver_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signature" ADD CONSTRAINT "waiver_signature_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signature" ADD CONSTRAINT "waiver_signature_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_version" ADD CONSTRAINT "waiver_version_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_version" ADD CONSTRAINT "waiver_version_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiver_signature_event_idx" ON "waiver_signature" USING btree ("event_id","signed_at");--> statement-breakpoint
CREATE INDEX "waiver_signature_account_idx" ON "waiver_signature" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_version_event_uq" ON "waiver_version" USING btree ("event_id","version");--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_waiver_signature_id_waiver_signature_id_fk" FOREIGN KEY ("waiver_signature_id") REFERENCES "public"."waiver_signature"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_waiver_signature_idx" ON "registration" USING btree ("waiver_signature_id") WHERE "registration"."waiver_signature_id" is not null;