CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	CONSTRAINT "announcement_recipients_announcement_id_profile_id_pk" PRIMARY KEY("announcement_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"by_profile_id" uuid,
	"segment" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"mail_state" text DEFAULT 'none' NOT NULL,
	"mailed_through" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"by_profile_id" uuid,
	"role" text,
	"kind" text NOT NULL,
	"what" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_by_profile_id_profiles_id_fk" FOREIGN KEY ("by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_records" ADD CONSTRAINT "desk_records_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_records" ADD CONSTRAINT "desk_records_by_profile_id_profiles_id_fk" FOREIGN KEY ("by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_event_idx" ON "announcements" USING btree ("event_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "announcements_sending_idx" ON "announcements" USING btree ("created_at") WHERE "announcements"."mail_state" = 'sending';--> statement-breakpoint
CREATE INDEX "desk_records_event_idx" ON "desk_records" USING btree ("event_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('join_request', 'request_accepted', 'request_declined', 'request_withdrawn', 'invitation', 'invitation_accepted', 'invitation_declined', 'joined', 'removed', 'team_deleted', 'made_leader', 'member_left', 'leader_handed_over', 'member_deleted_account', 'announcement'));