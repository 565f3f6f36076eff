ALTER TABLE "profiles" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "events" SET "changed_at" = "updated_at";--> statement-breakpoint
UPDATE "teams" SET "changed_at" = greatest("updated_at", (SELECT max("joined_at") FROM "team_members" m WHERE m."team_id" = "teams"."id"));--> statement-breakpoint
CREATE INDEX "profiles_changed_at_idx" ON "profiles" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "events_changed_at_idx" ON "events" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "teams_changed_at_idx" ON "teams" USING btree ("changed_at","id");--> statement-breakpoint
CREATE INDEX "teams_event_changed_at_idx" ON "teams" USING btree ("event_id","changed_at","id");--> statement-breakpoint
-- Sync (docs/decisions/027-sync.md): changed_at is the API's updatedAt. The database keeps it, so no
-- write path can forget it: any update that changes a column the row shows (all but those named as
-- the trigger's arguments) moves it to now(), in the same transaction. Changes kept in other tables
-- touch the row they show on: members' roles and leaders (team_members; joins and leaves already
-- change member_count), a person's teams (their profile), a registration (the person's card in the event's lists), content a moderator
-- hides or shows again (a bio, a team's description).
CREATE FUNCTION "touch_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - TG_ARGV::text[]) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV::text[]) THEN
    NEW.changed_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_changed_at" BEFORE UPDATE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "touch_changed_at"('changed_at', 'search_text');--> statement-breakpoint
CREATE TRIGGER "events_changed_at" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "touch_changed_at"('changed_at');--> statement-breakpoint
CREATE TRIGGER "teams_changed_at" BEFORE UPDATE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "touch_changed_at"('changed_at', 'search_text', 'positions_reminded_at');--> statement-breakpoint
CREATE FUNCTION "touch_after_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A leader named or a role changed: the team's page shows it (joins and leaves move member_count).
  IF TG_OP = 'UPDATE' THEN
    UPDATE teams SET changed_at = now() WHERE id IN (NEW.team_id, OLD.team_id) AND changed_at <> now();
  END IF;
  -- A person's teams show on their profile, and decide whether they are in an event's unteamed list.
  IF TG_OP <> 'INSERT' THEN
    UPDATE profiles SET changed_at = now() WHERE id = OLD.profile_id AND changed_at <> now();
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE profiles SET changed_at = now() WHERE id = NEW.profile_id AND changed_at <> now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "team_members_touch_insert_delete" AFTER INSERT OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "touch_after_members"();--> statement-breakpoint
CREATE TRIGGER "team_members_touch_update" AFTER UPDATE ON "team_members"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "touch_after_members"();--> statement-breakpoint
CREATE FUNCTION "profiles_touch_after_registrations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE profiles SET changed_at = now() WHERE id IN (SELECT profile_id FROM old_rows) AND changed_at <> now();
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE profiles SET changed_at = now() WHERE id IN (SELECT profile_id FROM new_rows) AND changed_at <> now();
  ELSE
    UPDATE profiles SET changed_at = now() WHERE id IN (SELECT profile_id FROM new_rows) AND changed_at <> now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_touch_profiles_insert" AFTER INSERT ON "registrations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_touch_after_registrations"();--> statement-breakpoint
CREATE TRIGGER "registrations_touch_profiles_update" AFTER UPDATE ON "registrations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_touch_after_registrations"();--> statement-breakpoint
CREATE TRIGGER "registrations_touch_profiles_delete" AFTER DELETE ON "registrations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_touch_after_registrations"();--> statement-breakpoint
CREATE FUNCTION "touch_after_hidden_content"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mark hidden_content%ROWTYPE;
BEGIN
  -- Hidden, shown again (lifted), or the mark dropped (a platform ban deleted with its marks).
  IF TG_OP = 'DELETE' THEN mark := OLD; ELSE mark := NEW; END IF;
  IF mark.kind = 'bio' THEN
    UPDATE profiles SET changed_at = now() WHERE id = mark.target_id AND changed_at <> now();
  ELSIF mark.kind = 'team_description' THEN
    UPDATE teams SET changed_at = now() WHERE id = mark.target_id AND changed_at <> now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "hidden_content_touch" AFTER INSERT OR UPDATE OR DELETE ON "hidden_content"
  FOR EACH ROW EXECUTE FUNCTION "touch_after_hidden_content"();
