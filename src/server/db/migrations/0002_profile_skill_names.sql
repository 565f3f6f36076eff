ALTER TABLE "profiles" ADD COLUMN "skill_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "skill_list" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_skill_names_trgm_idx" ON "profiles" USING gin ("skill_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_skill_list_idx" ON "profiles" USING gin ("skill_list");--> statement-breakpoint
CREATE FUNCTION "profiles_refresh_skill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p SET
    skill_list = coalesce(x.names, '{}'),
    skill_names = coalesce(E'\n' || array_to_string(x.names, E'\n') || E'\n', '')
  FROM (
    SELECT c.profile_id, (
      SELECT array_agg(lower(s.name) ORDER BY lower(s.name))
      FROM profile_skills ps JOIN skills s ON s.id = ps.skill_id
      WHERE ps.profile_id = c.profile_id) AS names
    FROM (SELECT DISTINCT profile_id FROM changed_rows) c
  ) x
  WHERE p.id = x.profile_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_skills_after_insert" AFTER INSERT ON "profile_skills"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_skill_names"();--> statement-breakpoint
CREATE TRIGGER "profile_skills_after_delete" AFTER DELETE ON "profile_skills"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_skill_names"();--> statement-breakpoint
UPDATE profiles p SET skill_list = x.names, skill_names = E'\n' || array_to_string(x.names, E'\n') || E'\n'
FROM (
  SELECT ps.profile_id, array_agg(lower(s.name) ORDER BY lower(s.name)) AS names
  FROM profile_skills ps JOIN skills s ON s.id = ps.skill_id GROUP BY ps.profile_id
) x
WHERE x.profile_id = p.id;
