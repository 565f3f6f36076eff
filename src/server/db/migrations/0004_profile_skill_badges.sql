ALTER TABLE "profiles" ADD COLUMN "skill_badges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- What profiles keep of their skills (skill_list, skill_names, skill_badges), recomputed for the
-- given profiles. The triggers call it for the rows a statement changed; a bulk load with
-- triggers off (bench/generate.ts) calls it once for every profile.
-- The first statement locks the profiles: a concurrent change to the same profile's skills waits
-- here, and the UPDATE (a new statement, so a new snapshot) then sees what that change committed.
CREATE FUNCTION "profiles_refresh_skills"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM profiles WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE profiles p SET
    skill_list = coalesce(x.names, '{}'),
    skill_names = coalesce(E'\n' || array_to_string(x.names, E'\n') || E'\n', ''),
    skill_badges = coalesce(x.badges, '[]'::jsonb)
  FROM (
    SELECT i.id AS profile_id,
      array_agg(lower(s.name) ORDER BY lower(s.name)) FILTER (WHERE s.id IS NOT NULL) AS names,
      jsonb_agg(jsonb_build_object('name', s.name, 'level', ps.level) ORDER BY ps.created_at, lower(s.name))
        FILTER (WHERE s.id IS NOT NULL) AS badges
    FROM unnest(ids) AS i(id)
    LEFT JOIN profile_skills ps ON ps.profile_id = i.id
    LEFT JOIN skills s ON s.id = ps.skill_id
    GROUP BY i.id
  ) x
  WHERE p.id = x.profile_id;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profiles_refresh_skill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profiles_refresh_skills(array(SELECT DISTINCT profile_id FROM changed_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update may move a row to another profile: both the old and the new profile are refreshed.
CREATE FUNCTION "profiles_refresh_skills_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profiles_refresh_skills(array(SELECT profile_id FROM old_rows UNION SELECT profile_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_skills_after_update" AFTER UPDATE ON "profile_skills"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_skills_after_update"();--> statement-breakpoint
-- A renamed skill shows its new name on every profile that has it.
CREATE FUNCTION "profiles_refresh_skills_after_skill_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profiles_refresh_skills(array(
    SELECT DISTINCT ps.profile_id FROM profile_skills ps JOIN new_rows n ON n.id = ps.skill_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "skills_after_update" AFTER UPDATE ON "skills"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_skills_after_skill_update"();--> statement-breakpoint
SELECT profiles_refresh_skills(array(SELECT id FROM profiles));
