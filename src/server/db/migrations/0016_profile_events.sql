ALTER TABLE "profiles" ADD COLUMN "event_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "looking_event_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_event_ids_idx" ON "profiles" USING gin ("event_ids");--> statement-breakpoint
CREATE INDEX "profiles_skill_availability_somewhere_idx" ON "profiles" USING gin (profile_filter_tokens("skill_list", "availability")) WHERE "profiles"."looking_event_ids" <> '{}'::uuid[];--> statement-breakpoint
-- What profiles keep of their registrations (event_ids, looking_event_ids: looking there by the
-- registration's flag, or the profile's when it has none), recomputed for the given profiles. The
-- triggers below call it for the rows a statement changed; a bulk load with triggers off
-- (bench/generate.ts) calls it once for every profile. Lists filtered by event then test the row they
-- read (an array containment), instead of looking up a registration per row (bench/README.md, issue 29).
CREATE FUNCTION "profiles_refresh_events"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE profiles p SET
    event_ids = coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r WHERE r.profile_id = p.id), '{}'),
    looking_event_ids = coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r
      WHERE r.profile_id = p.id AND coalesce(r.looking, p.looking_for_team)), '{}')
  WHERE p.id = ANY(ids);
$$;--> statement-breakpoint
CREATE FUNCTION "profiles_refresh_events_after_registrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM profiles_refresh_events(array(SELECT DISTINCT profile_id FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM profiles_refresh_events(array(SELECT profile_id FROM old_rows UNION SELECT profile_id FROM new_rows));
  ELSE
    PERFORM profiles_refresh_events(array(SELECT DISTINCT profile_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_profiles_insert" AFTER INSERT ON "registrations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_events_after_registrations"();--> statement-breakpoint
CREATE TRIGGER "registrations_profiles_update" AFTER UPDATE ON "registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_events_after_registrations"();--> statement-breakpoint
CREATE TRIGGER "registrations_profiles_delete" AFTER DELETE ON "registrations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_events_after_registrations"();--> statement-breakpoint
-- A registration without its own flag follows the profile's: when that changes, so do the events the person looks in.
CREATE FUNCTION "profiles_looking_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.looking_event_ids := coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r
    WHERE r.profile_id = NEW.id AND coalesce(r.looking, NEW.looking_for_team)), '{}');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_looking_events" BEFORE UPDATE OF "looking_for_team" ON "profiles"
  FOR EACH ROW WHEN (OLD.looking_for_team IS DISTINCT FROM NEW.looking_for_team) EXECUTE FUNCTION "profiles_looking_events"();--> statement-breakpoint
SELECT profiles_refresh_events(array(SELECT DISTINCT profile_id FROM registrations));
