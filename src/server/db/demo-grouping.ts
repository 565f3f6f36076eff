/**
 * Demo data for grouping (issue 32, docs/product.md#find-me-a-team): in the running demo event, ten
 * participants without a team ask to be grouped, so an organizer (the demo account) can run,
 * preview and send the grouping on the desk right after `npm start`. People in no team there are
 * registered as needed; each asks for the role their skills suggest.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';
import { groupingOptIns, registrations } from './schema';

export const DEMO_GROUPING_EVENT = 'climate-code-sprint';
const SOLOS = 10;

/** Skills onto the five grouping roles, as the grouping feature reads them (a short copy: the database layer uses no feature). */
function roleOf(skills: string[]): 'build' | 'data' | 'design' | 'product' | 'hardware' {
  const text = skills.join(' ').toLowerCase();
  if (/figma|design|ux|ui\b|illustrat/.test(text)) return 'design';
  if (/machine learning|data|pytorch|tensorflow|pandas|nlp|llm/.test(text)) return 'data';
  if (/product|pitch|marketing|business/.test(text)) return 'product';
  if (/arduino|embedded|hardware|robot|iot/.test(text)) return 'hardware';
  return 'build';
}

export async function seedDemoGrouping(tx: Db, now: number): Promise<void> {
  const [event] = await queryRows<{ id: string }>(tx, sql`select id from events where slug = ${DEMO_GROUPING_EVENT}`);
  if (!event) return;
  // Registrants without a team first, then anyone else in no team there; never staff.
  const candidates = await queryRows<{ id: string; registered: boolean; skills: { name: string }[] }>(
    tx,
    sql`select p.id, exists (select 1 from registrations r where r.event_id = ${event.id} and r.profile_id = p.id) as registered,
               p.skill_badges as skills
          from profiles p
         where not exists (select 1 from team_members m join teams t on t.id = m.team_id where t.event_id = ${event.id} and m.profile_id = p.id)
           and not exists (select 1 from event_staff s where s.event_id = ${event.id} and s.profile_id = p.id)
         order by 2 desc, p.created_at, p.id
         limit ${SOLOS}`,
  );
  const toRegister = candidates.filter((c) => !c.registered);
  if (toRegister.length)
    await tx
      .insert(registrations)
      .values(toRegister.map((c) => ({ eventId: event.id, profileId: c.id, looking: true })))
      .onConflictDoNothing();
  await tx.insert(groupingOptIns).values(
    candidates.map((c, i) => ({
      eventId: event.id,
      profileId: c.id,
      role: roleOf(c.skills.map((s) => s.name)),
      createdAt: new Date(now - (SOLOS - i) * 3_600_000),
    })),
  );
}
