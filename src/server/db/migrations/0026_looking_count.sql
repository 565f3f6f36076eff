ALTER TABLE "events" ADD COLUMN "looking_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many of an event's people look for a team there, kept on the event's row for the organizer's
-- dashboard: counting it read every registrant's profile (their flag, where the registration has none),
-- 300 ms on PGlite at 130,000 registrants. A profile's looking_event_ids (migration 0016) already holds
-- the events a person looks in, whichever change made it (their flag, a registration's, taking part,
-- leaving, a flag lapsing, the account deleted): each event that enters it counts one more, each that
-- leaves it one less.
CREATE FUNCTION "events_count_looking"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_in uuid[] := '{}';
  before_in uuid[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN now_in := NEW.looking_event_ids; END IF;
  IF TG_OP <> 'INSERT' THEN before_in := OLD.looking_event_ids; END IF;
  UPDATE events e SET looking_count = e.looking_count + d.delta
    FROM (SELECT id, sum(delta)::int AS delta
      FROM (SELECT unnest(now_in) AS id, 1 AS delta UNION ALL SELECT unnest(before_in), -1) c
      GROUP BY id HAVING sum(delta) <> 0) d
    WHERE e.id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_count_looking" AFTER INSERT OR DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "events_count_looking"();--> statement-breakpoint
CREATE TRIGGER "profiles_count_looking_changes" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN (OLD.looking_event_ids IS DISTINCT FROM NEW.looking_event_ids) EXECUTE FUNCTION "events_count_looking"();--> statement-breakpoint
-- The count is the organizer's, not part of the event as the API shows it: it does not move the
-- event's sync time (changed_at, migration 0023).
DROP TRIGGER "events_changed_at" ON "events";--> statement-breakpoint
CREATE TRIGGER "events_changed_at" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "touch_changed_at"('changed_at', 'looking_count');--> statement-breakpoint
UPDATE "events" e SET "looking_count" = c.n
  FROM (SELECT l.event_id, count(*)::int AS n FROM "profiles" p, unnest(p."looking_event_ids") AS l(event_id) GROUP BY l.event_id) c
  WHERE e."id" = c.event_id;
