CREATE TABLE "event_staff" (
	"event_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_staff_event_id_account_id_pk" PRIMARY KEY("event_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"role" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp(0) NOT NULL,
	"ends_at" timestamp(0) NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_capacity_positive" CHECK ("shift"."capacity" is null or "shift"."capacity" >= 1),
	CONSTRAINT "shift_ends_after_start" CHECK ("shift"."ends_at" > "shift"."starts_at")
);
--> statement-breakpoint
DROP INDEX "registration_account_event_uq";--> statement-breakpoint
ALTER TABLE "registration" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_added_by_account_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_staff_account_idx" ON "event_staff" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "shift_event_starts_idx" ON "shift" USING btree ("event_id","starts_at","id");--> statement-breakpoint
ALTER TABLE "registration" ADD CONSTRAINT "registration_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_account_shift_uq" ON "registration" USING btree ("account_id","shift_id") WHERE "registration"."shift_id" is not null;--> statement-breakpoint
CREATE INDEX "registration_shift_status_idx" ON "registration" USING btree ("shift_id","status","position") WHERE "registration"."shift_id" is not null;--> statement-breakpoint
CREATE INDEX "registration_account_id_idx" ON "registration" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_account_event_uq" ON "registration" USING btree ("account_id","event_id") WHERE "registration"."shift_id" is null;--> statement-breakpoint
-- Replies made of shifts and of who may run an event's door are dropped when those change (as migration 0009).
CREATE TRIGGER "shift_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shift" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();--> statement-breakpoint
CREATE TRIGGER "event_staff_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_staff" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
