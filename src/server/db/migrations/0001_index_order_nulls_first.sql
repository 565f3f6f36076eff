DROP INDEX "join_requests_team_status_idx";--> statement-breakpoint
DROP INDEX "join_requests_profile_id_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
DROP INDEX "team_invitations_profile_status_idx";--> statement-breakpoint
DROP INDEX "teams_created_at_idx";--> statement-breakpoint
CREATE INDEX "join_requests_team_status_idx" ON "join_requests" USING btree ("team_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "join_requests_profile_id_idx" ON "join_requests" USING btree ("profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "team_invitations_profile_status_idx" ON "team_invitations" USING btree ("profile_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "teams_created_at_idx" ON "teams" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);