ALTER TABLE "donation" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "donation" ADD COLUMN "tally" text GENERATED ALWAYS AS (currency || case when refunded_at is null then '' else ':refunded' end) STORED;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "goal_cents" integer;--> statement-breakpoint
ALTER TABLE "test_payment" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "donation" ADD CONSTRAINT "donation_refunded_by_account_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_event_idx" ON "donation" USING btree ("event_id","currency") WHERE "donation"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_goal_positive" CHECK ("event"."goal_cents" is null or "event"."goal_cents" >= 1);--> statement-breakpoint
-- Donations' kept totals (migration 0010) by currency, refunded ones apart: never one sum across currencies,
-- and a refund moves its amount out of what was raised (the update trigger takes it from one group to the other).
DROP TRIGGER "donation_added" ON "donation";
--> statement-breakpoint
DROP TRIGGER "donation_removed" ON "donation";
--> statement-breakpoint
DROP TRIGGER "donation_changed_amount" ON "donation";
--> statement-breakpoint
CREATE TRIGGER "donation_added" AFTER INSERT ON "donation" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('tally', 'amount_cents');
--> statement-breakpoint
CREATE TRIGGER "donation_removed" AFTER DELETE ON "donation" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('tally', 'amount_cents');
--> statement-breakpoint
CREATE TRIGGER "donation_changed_amount" AFTER UPDATE ON "donation" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('tally', 'amount_cents');
--> statement-breakpoint
DELETE FROM "row_total" WHERE "name" = 'donation' OR "name" LIKE 'donation:%';
--> statement-breakpoint
INSERT INTO "row_total" ("name", "slot", "rows", "amount") SELECT 'donation:' || "tally", 0, count(*), coalesce(sum("amount_cents"), 0) FROM "donation" GROUP BY "tally";
