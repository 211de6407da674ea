CREATE TABLE "row_total" (
	"name" text NOT NULL,
	"slot" integer NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_total_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
CREATE INDEX "account_name_sort_idx" ON "account" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "account_name_trgm_idx" ON "account" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "account_email_trgm_idx" ON "account" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Totals kept by statement triggers (schema.ts `rowTotal`): a list's X-Total-Count is read, not counted.
-- Each statement adds what it changed, by group (TG_ARGV[0], a status column, or none) and with the sum
-- of an amount column (TG_ARGV[1]) when there is one, to the writing connection's slot. Transition
-- tables may serve one event a trigger, so each table has one trigger for inserts, one for deletes and,
-- where rows change group, one for updates; TRUNCATE forgets the table's totals.
CREATE FUNCTION "hh_row_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grouped text := nullif(TG_ARGV[0], '');
  summed text := coalesce('"' || nullif(TG_ARGV[1], '') || '"', '0');
  keyed text := quote_literal(TG_TABLE_NAME) || coalesce(' || '':'' || "' || grouped || '"', '');
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "row_total" WHERE "name" = TG_TABLE_NAME OR "name" LIKE TG_TABLE_NAME || ':%';
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS k, 1 AS n, %s AS a FROM new_rows', keyed, summed)
    WHEN 'DELETE' THEN format('SELECT %s AS k, -1 AS n, -%s AS a FROM old_rows', keyed, summed)
    ELSE format('SELECT %1$s AS k, 1 AS n, %2$s AS a FROM new_rows UNION ALL SELECT %1$s, -1, -%2$s FROM old_rows', keyed, summed)
  END;
  EXECUTE format(
    'INSERT INTO "row_total" AS t ("name", "slot", "rows", "amount")
     SELECT k, pg_backend_pid() %% 8, sum(n), coalesce(sum(a), 0) FROM (%s) c GROUP BY k
     HAVING sum(n) <> 0 OR coalesce(sum(a), 0) <> 0
     ON CONFLICT ("name", "slot") DO UPDATE SET "rows" = t."rows" + excluded."rows", "amount" = t."amount" + excluded."amount"',
    changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "event_added" AFTER INSERT ON "event" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "event_removed" AFTER DELETE ON "event" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "event_emptied" AFTER TRUNCATE ON "event" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "registration_added" AFTER INSERT ON "registration" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "registration_removed" AFTER DELETE ON "registration" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "registration_emptied" AFTER TRUNCATE ON "registration" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "account_added" AFTER INSERT ON "account" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "account_removed" AFTER DELETE ON "account" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "account_emptied" AFTER TRUNCATE ON "account" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "notice_added" AFTER INSERT ON "notice" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "notice_removed" AFTER DELETE ON "notice" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "notice_emptied" AFTER TRUNCATE ON "notice" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "donation_added" AFTER INSERT ON "donation" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('', 'amount_cents');
--> statement-breakpoint
CREATE TRIGGER "donation_removed" AFTER DELETE ON "donation" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('', 'amount_cents');
--> statement-breakpoint
CREATE TRIGGER "donation_changed_amount" AFTER UPDATE ON "donation" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('', 'amount_cents');
--> statement-breakpoint
CREATE TRIGGER "donation_emptied" AFTER TRUNCATE ON "donation" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "review_added" AFTER INSERT ON "review" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "review_removed" AFTER DELETE ON "review" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "review_moved" AFTER UPDATE ON "review" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "review_emptied" AFTER TRUNCATE ON "review" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
-- The outbox is counted whole and by status (its list shows either).
CREATE TRIGGER "outbox_message_added" AFTER INSERT ON "outbox_message" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "outbox_message_removed" AFTER DELETE ON "outbox_message" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
CREATE TRIGGER "outbox_message_status_added" AFTER INSERT ON "outbox_message" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "outbox_message_status_removed" AFTER DELETE ON "outbox_message" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "outbox_message_status_moved" AFTER UPDATE ON "outbox_message" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"('status');
--> statement-breakpoint
CREATE TRIGGER "outbox_message_emptied" AFTER TRUNCATE ON "outbox_message" FOR EACH STATEMENT EXECUTE FUNCTION "hh_row_total"();
--> statement-breakpoint
-- The totals of the rows already there (none for an empty table, so a new database's row_total is empty).
INSERT INTO "row_total" ("name", "slot", "rows", "amount")
SELECT 'event', 0, count(*), 0 FROM "event" HAVING count(*) > 0
UNION ALL SELECT 'registration', 0, count(*), 0 FROM "registration" HAVING count(*) > 0
UNION ALL SELECT 'account', 0, count(*), 0 FROM "account" HAVING count(*) > 0
UNION ALL SELECT 'notice', 0, count(*), 0 FROM "notice" HAVING count(*) > 0
UNION ALL SELECT 'donation', 0, count(*), coalesce(sum("amount_cents"), 0) FROM "donation" HAVING count(*) > 0
UNION ALL SELECT 'outbox_message', 0, count(*), 0 FROM "outbox_message" HAVING count(*) > 0
UNION ALL SELECT 'review:' || "status", 0, count(*), 0 FROM "review" GROUP BY "status"
UNION ALL SELECT 'outbox_message:' || "status", 0, count(*), 0 FROM "outbox_message" GROUP BY "status";
