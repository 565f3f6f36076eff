ALTER TABLE "registrations" ADD COLUMN "profile_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A registration keeps its person's created_at (never changed), so an event's people, newest first,
-- are read in order from the index below instead of collected and sorted (a small event's list).
-- Filled without the registrations' own triggers: this copy changes nothing they keep (events the
-- person takes part in, matching, sync), and every profile would otherwise read as changed now.
ALTER TABLE "registrations" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "registrations" r SET "profile_created_at" = p."created_at" FROM "profiles" p WHERE p."id" = r."profile_id";--> statement-breakpoint
ALTER TABLE "registrations" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE FUNCTION "registrations_profile_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_created_at := coalesce((SELECT p.created_at FROM profiles p WHERE p.id = NEW.profile_id), NEW.profile_created_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_profile_created_at" BEFORE INSERT ON "registrations"
  FOR EACH ROW EXECUTE FUNCTION "registrations_profile_created_at"();--> statement-breakpoint
CREATE INDEX "registrations_event_newest_idx" ON "registrations" USING btree ("event_id","profile_created_at" DESC NULLS LAST,"profile_id" DESC NULLS LAST);
