CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('join_request', 'request_accepted', 'request_declined', 'request_withdrawn', 'invitation', 'invitation_accepted', 'invitation_declined', 'joined', 'removed', 'team_deleted', 'made_leader', 'member_left'))
);
--> statement-breakpoint
ALTER TABLE "join_requests" DROP CONSTRAINT "join_requests_status_check";--> statement-breakpoint
ALTER TABLE "team_invitations" DROP CONSTRAINT "team_invitations_status_check";--> statement-breakpoint
ALTER TABLE "join_requests" DROP CONSTRAINT "join_requests_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "join_requests" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "team_name" text;--> statement-breakpoint
UPDATE "join_requests" jr SET "team_name" = t."name" FROM "teams" t WHERE t."id" = jr."team_id";--> statement-breakpoint
ALTER TABLE "join_requests" ALTER COLUMN "team_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "max_size" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "teams" t SET "member_count" = m.n FROM (SELECT "team_id", count(*)::int AS n FROM "team_members" GROUP BY "team_id") m WHERE m."team_id" = t."id";--> statement-breakpoint
-- Teams formed before there was a size keep their members: their size is at least that many.
UPDATE "teams" SET "max_size" = least(10, greatest("max_size", "member_count"));--> statement-breakpoint
CREATE FUNCTION "teams_count_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE teams SET member_count = member_count + 1 WHERE id = NEW.team_id;
  ELSE
    UPDATE teams SET member_count = member_count - 1 WHERE id = OLD.team_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "team_members_count" AFTER INSERT OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "teams_count_members"();--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_profile_created_idx" ON "notifications" USING btree ("profile_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("profile_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_team_check" CHECK ("join_requests"."team_id" is not null or "join_requests"."status" <> 'pending');--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_status_check" CHECK ("join_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled'));--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_status_check" CHECK ("team_invitations"."status" in ('pending', 'accepted', 'declined', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_max_size_check" CHECK ("teams"."max_size" between 2 and 10);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_member_count_check" CHECK ("teams"."member_count" between 0 and "teams"."max_size");