-- A live notification stream lasts only as long as its session (src/server/features/notifications/live.ts):
-- a statement that deletes sessions (sign-out, revoking one, signing out the others, a password change
-- or reset, account deletion, expiry clean-up) or moves their expiry announces them when it commits, on
-- the channel every instance already LISTENs on for notifications, as 's:<session id>,...'; more than
-- 100 in one statement say 's:*' (look at every open stream's session). The instances holding streams
-- of those sessions read the sessions again, and end the streams whose session is gone or expired.
CREATE FUNCTION "sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg('s:' || id, ',') INTO n, ids FROM (SELECT id FROM old_rows LIMIT 101) r;
  ELSE
    SELECT count(*), string_agg('s:' || id, ',') INTO n, ids FROM (
      SELECT new_rows.id FROM new_rows JOIN old_rows USING (id)
      WHERE new_rows.expires_at IS DISTINCT FROM old_rows.expires_at LIMIT 101
    ) r;
  END IF;
  IF n > 100 THEN
    PERFORM pg_notify('hackteams_notifications', 's:*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('hackteams_notifications', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_ended_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed"();
