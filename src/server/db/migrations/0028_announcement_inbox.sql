ALTER TABLE "announcements" ADD COLUMN "inbox_state" text DEFAULT 'delivered' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "inbox_through" uuid;--> statement-breakpoint
CREATE INDEX "announcements_delivering_idx" ON "announcements" USING btree ("created_at") WHERE "announcements"."inbox_state" = 'delivering';