-- Each instance keeps what it read of an event (its name, state, rules for teams) for a few seconds
-- (features/events/lookups.repo.ts). A save of those tells every instance at once, so none shows an
-- event as it was after another saved it: '<id> <slug>' on the hackteams_events channel, sent on commit.
CREATE FUNCTION "events_saved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hackteams_events', OLD.id || ' ' || OLD.slug);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only when what the instances keep changed: the counts' triggers update the row all day long.
CREATE TRIGGER "events_saved" AFTER UPDATE ON "events" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug OR OLD.state IS DISTINCT FROM NEW.state
    OR OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.formation_deadline IS DISTINCT FROM NEW.formation_deadline
    OR OLD.team_size_min IS DISTINCT FROM NEW.team_size_min OR OLD.team_size_max IS DISTINCT FROM NEW.team_size_max)
  EXECUTE FUNCTION "events_saved"();--> statement-breakpoint
CREATE TRIGGER "events_deleted" AFTER DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_saved"();
