ALTER TABLE "grouping_groups" ADD COLUMN "team_gone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "grouping_groups_fills_team_idx" ON "grouping_groups" USING btree ("fills_team_id") WHERE "grouping_groups"."fills_team_id" is not null;--> statement-breakpoint
CREATE INDEX "grouping_groups_formed_team_idx" ON "grouping_groups" USING btree ("formed_team_id") WHERE "grouping_groups"."formed_team_id" is not null;--> statement-breakpoint
-- A grouping proposal whose team is deleted (the partial team it fills, or the team it formed) ends at
-- once, marked so: before the row goes, while the group still names it (the foreign key then sets it
-- to null, and a group naming no team would read as a new group still to form, its acceptors making a
-- team of their own). Answers are refused ('grouping_team_gone'); a sent one's pending answers expire
-- into the pool; a run not sent yet drops it when sent (its people were never asked).
CREATE FUNCTION "end_grouping_of_deleted_team"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grouping_groups g SET team_gone = true,
    expires_at = CASE WHEN r.status = 'sent' THEN least(coalesce(g.expires_at, now()), now()) ELSE g.expires_at END
   FROM grouping_runs r
   WHERE r.id = g.run_id AND (g.fills_team_id = OLD.id OR g.formed_team_id = OLD.id);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "teams_end_grouping" BEFORE DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "end_grouping_of_deleted_team"();
