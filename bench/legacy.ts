/**
 * What the earlier app did when a list page opened: download every profile, all columns, with
 * its skills nested, newest first (`select('*, profile_skills(*, skills(*))')` in its client).
 * Built here as one SQL query returning the JSON text, so the time is the database's work alone:
 * the network transfer of that many bytes comes on top in the real app.
 */
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { rows } from './generate';

export interface LegacyDownload {
  profiles: number;
  bytes: number;
  gzipBytes: number;
  ms: number;
}

export async function measureLegacyDownload(db: Db): Promise<LegacyDownload> {
  const started = performance.now();
  const [row] = await rows<{ body: string; n: number }>(
    db,
    sql`
    select count(*)::int as n, coalesce(json_agg(p order by p.created_at desc, p.id desc), '[]')::text as body
    from (
      select pr.id, pr.user_id, pr.first_name, pr.last_name, pr.preferred_name, pr.name, pr.bio, pr.avatar_url,
        pr.github_url, pr.linkedin_url, pr.portfolio_url, pr.discord_username, pr.twitter_username, pr.timezone,
        pr.availability, pr.looking_for_team, pr.experiences, pr.created_at, pr.updated_at,
        coalesce((
          select json_agg(json_build_object(
            'profile_id', ps.profile_id, 'skill_id', ps.skill_id, 'level', ps.level, 'created_at', ps.created_at,
            'skills', json_build_object('id', s.id, 'name', s.name)))
          from profile_skills ps join skills s on s.id = ps.skill_id
          where ps.profile_id = pr.id
        ), '[]') as profile_skills
      from profiles pr
    ) p`,
  );
  const ms = performance.now() - started;
  const body = Buffer.from(row.body);
  return { profiles: row.n, bytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length, ms: Math.round(ms) };
}
