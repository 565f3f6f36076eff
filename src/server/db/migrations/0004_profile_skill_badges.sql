ALTER TABLE "profiles" ADD COLUMN "skill_badges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- What profiles keep of their skills (skill_list, skill_names, skill_badges), recomputed for the
-- given profiles in one statement. The trigger calls it for the rows a statement changed; a bulk
-- load with triggers off (bench/generate.ts) calls it once for every profile.
CREATE FUNCTION "profiles_refresh_skills"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
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
  WHERE p.id = x.profile_id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profiles_refresh_skill_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profiles_refresh_skills(array(SELECT DISTINCT profile_id FROM changed_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_skills_after_update" AFTER UPDATE ON "profile_skills"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "profiles_refresh_skill_names"();--> statement-breakpoint
SELECT profiles_refresh_skills(array(SELECT id FROM profiles));
