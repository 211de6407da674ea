-- Every committed change to what the API's replies are made of says so on the channel `hh_data_changed`
-- (the table's name as the payload), whoever made it: this instance, another one, a script or psql.
-- Each instance listens and drops the replies it keeps in memory (src/server/http/reply-cache.ts).
-- NOTIFY is delivered only when the transaction commits, and once per transaction for the same payload.
CREATE FUNCTION "hh_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hh_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "registration_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "registration" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "donation_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "donation" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "review_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "notice_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notice" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "image" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "hh_data_changed"();
