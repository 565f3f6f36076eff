CREATE TABLE "grouping_avoids" (
	"profile_id" uuid NOT NULL,
	"avoid_profile_id" uuid NOT NULL,
	CONSTRAINT "grouping_avoids_profile_id_avoid_profile_id_pk" PRIMARY KEY("profile_id","avoid_profile_id")
);
--> statement-breakpoint
CREATE TABLE "grouping_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"fills_team_id" uuid,
	"formed_team_id" uuid,
	"terms" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"trade_off" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grouping_members" (
	"group_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"answer" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "grouping_members_group_id_profile_id_pk" PRIMARY KEY("group_id","profile_id"),
	CONSTRAINT "grouping_members_answer_check" CHECK ("grouping_members"."answer" in ('pending', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "grouping_opt_ins" (
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grouping_opt_ins_event_id_profile_id_pk" PRIMARY KEY("event_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "grouping_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"seed" integer NOT NULL,
	"by_profile_id" uuid,
	"totals" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "grouping_runs_status_check" CHECK ("grouping_runs"."status" in ('queued', 'running', 'preview', 'sent', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "grouping_team_opt_ins" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"wanted" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "grouping_avoids" ADD CONSTRAINT "grouping_avoids_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_avoids" ADD CONSTRAINT "grouping_avoids_avoid_profile_id_profiles_id_fk" FOREIGN KEY ("avoid_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_groups" ADD CONSTRAINT "grouping_groups_run_id_grouping_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."grouping_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_groups" ADD CONSTRAINT "grouping_groups_fills_team_id_teams_id_fk" FOREIGN KEY ("fills_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_groups" ADD CONSTRAINT "grouping_groups_formed_team_id_teams_id_fk" FOREIGN KEY ("formed_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_members" ADD CONSTRAINT "grouping_members_group_id_grouping_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."grouping_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_members" ADD CONSTRAINT "grouping_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_opt_ins" ADD CONSTRAINT "grouping_opt_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_opt_ins" ADD CONSTRAINT "grouping_opt_ins_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_runs" ADD CONSTRAINT "grouping_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_runs" ADD CONSTRAINT "grouping_runs_by_profile_id_profiles_id_fk" FOREIGN KEY ("by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grouping_team_opt_ins" ADD CONSTRAINT "grouping_team_opt_ins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grouping_avoids_other_idx" ON "grouping_avoids" USING btree ("avoid_profile_id");--> statement-breakpoint
CREATE INDEX "grouping_groups_run_idx" ON "grouping_groups" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "grouping_members_profile_idx" ON "grouping_members" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "grouping_runs_event_idx" ON "grouping_runs" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('join_request', 'request_accepted', 'request_declined', 'request_withdrawn', 'invitation', 'invitation_accepted', 'invitation_declined', 'joined', 'removed', 'team_deleted', 'made_leader', 'member_left', 'leader_handed_over', 'member_deleted_account', 'announcement', 'looking_lapsed', 'positions_open_long', 'group_proposed', 'group_formed', 'group_returned'));