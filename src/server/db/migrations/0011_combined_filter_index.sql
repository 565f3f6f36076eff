-- Each of a profile's skills paired with its availability ('python|Full Time'), for the index of
-- the combined filter: skills + availability + looking for a team is then one GIN lookup of short
-- lists (a skill's holders with that availability) instead of three long ones (docs/decisions/006).
CREATE FUNCTION "profile_filter_tokens"(skills text[], availability text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(s || '|' || availability), '{}') FROM unnest(skills) AS s
$$;--> statement-breakpoint
CREATE INDEX "profiles_skill_availability_looking_idx" ON "profiles" USING gin (profile_filter_tokens("skill_list", "availability")) WHERE "profiles"."looking_for_team";
