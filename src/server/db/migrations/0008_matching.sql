ALTER TABLE "teams" ADD COLUMN "position_skills" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "needed_skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "teams_needed_skills_idx" ON "teams" USING gin ("needed_skills");