CREATE TABLE "event_staff" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_staff_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id"),
	CONSTRAINT "event_staff_role_check" CHECK ("event_staff"."role" in ('owner', 'organizer', 'moderator'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tagline" text,
	"description" text,
	"location" text DEFAULT 'Online' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"formation_deadline" timestamp with time zone,
	"build_starts_at" timestamp with time zone NOT NULL,
	"submission_deadline" timestamp with time zone NOT NULL,
	"awards_at" timestamp with time zone,
	"team_size_min" integer DEFAULT 2 NOT NULL,
	"team_size_max" integer DEFAULT 4 NOT NULL,
	"teams_per_person" integer DEFAULT 1,
	"prize_pool" text,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"site_url" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"registrant_count" integer DEFAULT 0 NOT NULL,
	"team_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_state_check" CHECK ("events"."state" in ('draft', 'published')),
	CONSTRAINT "events_team_size_check" CHECK ("events"."team_size_min" between 2 and "events"."team_size_max" and "events"."team_size_max" <= 10),
	CONSTRAINT "events_teams_per_person_check" CHECK ("events"."teams_per_person" is null or "events"."teams_per_person" >= 1),
	CONSTRAINT "events_dates_check" CHECK ("events"."build_starts_at" < "events"."submission_deadline")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"looking" boolean,
	"intent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id")
);
--> statement-breakpoint
-- Everything made before events existed belongs to the one hackathon the product was built for
-- (its facts were in src/shared/hackathon.ts). It keeps working as before: registration never
-- closes, teams never lock, and a person may be in any number of its teams.
INSERT INTO "events" ("id", "slug", "name", "tagline", "description", "location", "timezone", "build_starts_at", "submission_deadline", "awards_at",
  "team_size_min", "team_size_max", "teams_per_person", "prize_pool", "schedule", "site_url", "state", "featured")
VALUES ('00000000-0000-4000-8000-000000002025', 'worlds-largest-hackathon-2025', 'World''s Largest Hackathon',
  'The $1M+ Hackathon',
  'A month of building with makers from all over the world, and a prize pool of more than a million dollars.',
  'Virtual (month-long)', 'UTC', '2025-05-30T00:00:00Z', '2025-06-30T14:00:00Z', '2025-07-26T10:00:00Z',
  2, 10, NULL, '$1,000,000+',
  '[{"title":"Kickoff Party","detail":null,"at":"2025-05-07T10:00:00.000Z"},{"title":"Hackathon Begins","detail":"Submissions open","at":"2025-05-30T11:00:00.000Z"},{"title":"Hackathon Ends","detail":"Submission deadline","at":"2025-06-30T14:00:00.000Z"},{"title":"Award Ceremony","detail":null,"at":"2025-07-26T10:00:00.000Z"}]'::jsonb,
  'https://www.worldslargesthackathon.com/', 'published', true);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "event_id" uuid;--> statement-breakpoint
UPDATE "teams" SET "event_id" = '00000000-0000-4000-8000-000000002025';--> statement-breakpoint
ALTER TABLE "teams" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
-- The people already here take part in it, looking for a team as their profile says (null: follow the profile).
INSERT INTO "registrations" ("event_id", "profile_id", "created_at") SELECT '00000000-0000-4000-8000-000000002025', "id", "created_at" FROM "profiles";--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_staff" ADD CONSTRAINT "event_staff_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_staff_profile_id_idx" ON "event_staff" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_idx" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_featured_idx" ON "events" USING btree ("featured") WHERE "events"."featured";--> statement-breakpoint
CREATE INDEX "events_build_starts_idx" ON "events" USING btree ("build_starts_at","id");--> statement-breakpoint
CREATE INDEX "registrations_profile_id_idx" ON "registrations" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teams_event_created_at_idx" ON "teams" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE FUNCTION "events_count_registrants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE events SET registrant_count = registrant_count + 1 WHERE id = NEW.event_id;
  ELSE
    UPDATE events SET registrant_count = registrant_count - 1 WHERE id = OLD.event_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_count" AFTER INSERT OR DELETE ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "events_count_registrants"();--> statement-breakpoint
CREATE FUNCTION "events_count_teams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE events SET team_count = team_count + 1 WHERE id = NEW.event_id;
  ELSE
    UPDATE events SET team_count = team_count - 1 WHERE id = OLD.event_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "teams_count" AFTER INSERT OR DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "events_count_teams"();--> statement-breakpoint
UPDATE "events" e SET "registrant_count" = (SELECT count(*) FROM "registrations" r WHERE r."event_id" = e."id"),
  "team_count" = (SELECT count(*) FROM "teams" t WHERE t."event_id" = e."id");
--> statement-breakpoint
-- The matching index keeps people by event: taking part, leaving or changing the per-event looking
-- flag announces the person as a change of their profile does (migration 0010).
CREATE FUNCTION "matching_registrations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  n int;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg('p:' || profile_id, ',') INTO n, ids FROM (SELECT DISTINCT profile_id FROM old_rows LIMIT 101) r;
  ELSE
    SELECT count(*), string_agg('p:' || profile_id, ',') INTO n, ids FROM (SELECT DISTINCT profile_id FROM new_rows LIMIT 101) r;
  END IF;
  IF n > 100 THEN
    PERFORM pg_notify('matching', 'p:*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('matching', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_matching_insert" AFTER INSERT ON "registrations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_registrations_changed"();--> statement-breakpoint
CREATE TRIGGER "registrations_matching_update" AFTER UPDATE ON "registrations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_registrations_changed"();--> statement-breakpoint
CREATE TRIGGER "registrations_matching_delete" AFTER DELETE ON "registrations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_registrations_changed"();
