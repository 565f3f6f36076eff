CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "profiles_skill_list_idx";--> statement-breakpoint
CREATE INDEX "profiles_skill_list_idx" ON "profiles" USING gin ("skill_list","availability","looking_for_team");