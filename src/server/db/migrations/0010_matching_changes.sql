-- The matching index of every instance (src/server/features/matching) follows profiles and teams:
-- each statement that changes some announces them on the 'matching' channel when it commits, as
-- 'p:<id>,p:<id>' or 't:<id>,...'; more than 100 rows in one statement say 'p:*' (or 't:*'): reload
-- them all (a NOTIFY payload holds at most 8000 bytes).
CREATE FUNCTION "matching_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  ids text;
  n int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(kind || ':' || id, ',') INTO n, ids FROM (SELECT id FROM old_rows LIMIT 101) r;
  ELSE
    SELECT count(*), string_agg(kind || ':' || id, ',') INTO n, ids FROM (SELECT id FROM new_rows LIMIT 101) r;
  END IF;
  IF n > 100 THEN
    PERFORM pg_notify('matching', kind || ':*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('matching', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_matching_insert" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('p');--> statement-breakpoint
CREATE TRIGGER "profiles_matching_update" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('p');--> statement-breakpoint
CREATE TRIGGER "profiles_matching_delete" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('p');--> statement-breakpoint
CREATE TRIGGER "teams_matching_insert" AFTER INSERT ON "teams" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('t');--> statement-breakpoint
CREATE TRIGGER "teams_matching_update" AFTER UPDATE ON "teams" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('t');--> statement-breakpoint
CREATE TRIGGER "teams_matching_delete" AFTER DELETE ON "teams" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_changed"('t');
