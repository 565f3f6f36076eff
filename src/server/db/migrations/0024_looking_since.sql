ALTER TABLE "profiles" ADD COLUMN "looking_since" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Since when the person looks for a team in each event they look in (event id -> the registration's
-- looking_since), kept with looking_event_ids by the same function and triggers (migration 0016): an
-- event's list shows each looking card's age from the row it reads, not a registration looked up per card.
CREATE OR REPLACE FUNCTION "profiles_looking_since"(profile uuid, looking_for_team boolean) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(r.event_id, r.looking_since), '{}'::jsonb) FROM registrations r
    WHERE r.profile_id = profile AND coalesce(r.looking, looking_for_team);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profiles_refresh_events"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE profiles p SET
    event_ids = coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r WHERE r.profile_id = p.id), '{}'),
    looking_event_ids = coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r
      WHERE r.profile_id = p.id AND coalesce(r.looking, p.looking_for_team)), '{}'),
    looking_since = profiles_looking_since(p.id, p.looking_for_team)
  WHERE p.id = ANY(ids);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profiles_looking_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.looking_event_ids := coalesce((SELECT array_agg(r.event_id ORDER BY r.event_id) FROM registrations r
    WHERE r.profile_id = NEW.id AND coalesce(r.looking, NEW.looking_for_team)), '{}');
  NEW.looking_since := profiles_looking_since(NEW.id, NEW.looking_for_team);
  RETURN NEW;
END $$;--> statement-breakpoint
SELECT profiles_refresh_events(array(SELECT DISTINCT profile_id FROM registrations));
