-- A message that becomes due to send says so on `hh_data_changed`, as 'outbox_due', at the commit that
-- queued it: every instance's outbox worker wakes then (src/server/app.ts), so a route, a job or the
-- sign-in library that queues a message has nothing more to do, and a message queued by one instance is
-- sent at once by whichever is free. Due: queued now (an insert, a message sent again, claims given back
-- by an instance that stops); a retry queued for later is found by the worker's regular look.
CREATE FUNCTION "hh_outbox_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its operation has.
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "new_rows" WHERE "status" = 'queued' AND "next_attempt_at" <= now()) THEN
      PERFORM pg_notify('hh_data_changed', 'outbox_due');
    END IF;
  ELSIF EXISTS (
    SELECT 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE n."status" = 'queued' AND o."status" <> 'queued' AND n."next_attempt_at" <= now()
  ) THEN
    PERFORM pg_notify('hh_data_changed', 'outbox_due');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_due_inserted" AFTER INSERT ON "outbox_message" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hh_outbox_due"();
--> statement-breakpoint
CREATE TRIGGER "outbox_due_updated" AFTER UPDATE ON "outbox_message" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hh_outbox_due"();
