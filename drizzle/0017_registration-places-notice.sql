-- A change to the registrations that hold a place (status 'registered') is announced as well on
-- `hh_data_changed`, as 'registration_places'. What a visitor sees of an event (how many are registered,
-- the places left) and the pages drawn for visitors depend on those alone (src/server/http/reply-cache.ts),
-- so a change to a waitlist, most of a rush for a full event, no longer drops them. 'registration' is
-- still announced for every change, for what reads the rest (a person's own registrations, the rosters).
CREATE FUNCTION "hh_registration_places_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its operation has.
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hh_data_changed', 'registration_places');
  ELSIF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "new_rows" WHERE "status" = 'registered') THEN
      PERFORM pg_notify('hh_data_changed', 'registration_places');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "old_rows" WHERE "status" = 'registered') THEN
      PERFORM pg_notify('hh_data_changed', 'registration_places');
    END IF;
  ELSIF EXISTS (
    SELECT 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE (o."status" = 'registered' OR n."status" = 'registered')
      AND (o."status" IS DISTINCT FROM n."status" OR o."event_id" IS DISTINCT FROM n."event_id")
  ) THEN
    PERFORM pg_notify('hh_data_changed', 'registration_places');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "registration_places_inserted" AFTER INSERT ON "registration" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hh_registration_places_changed"();
--> statement-breakpoint
CREATE TRIGGER "registration_places_updated" AFTER UPDATE ON "registration" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hh_registration_places_changed"();
--> statement-breakpoint
CREATE TRIGGER "registration_places_deleted" AFTER DELETE ON "registration" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hh_registration_places_changed"();
--> statement-breakpoint
CREATE TRIGGER "registration_places_truncated" AFTER TRUNCATE ON "registration" FOR EACH STATEMENT EXECUTE FUNCTION "hh_registration_places_changed"();
