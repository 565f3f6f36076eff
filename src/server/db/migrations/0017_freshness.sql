ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "looking_lapse_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "looking_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "positions_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_looking_since_idx" ON "registrations" USING btree ("looking_since");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_looking_lapse_days_check" CHECK ("events"."looking_lapse_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('join_request', 'request_accepted', 'request_declined', 'request_withdrawn', 'invitation', 'invitation_accepted', 'invitation_declined', 'joined', 'removed', 'team_deleted', 'made_leader', 'member_left', 'leader_handed_over', 'member_deleted_account', 'announcement', 'looking_lapsed', 'positions_open_long'));