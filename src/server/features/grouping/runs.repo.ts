/**
 * Runs of the grouping (issue 32): queued by staff, executed by one job per event at a time (the
 * database's `exclusive` lock, runner.ts), their groups written in one transaction, previewed by
 * staff and sent to the members. A run left 'running' by an instance that died is run again: the
 * algorithm gives the same groups for the same seed and nothing was written before its one commit.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ANSWER_HOURS, type GroupingRole, type GroupingRun } from '../../../shared/api/grouping';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { lockKey, queryRows, type Db } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import { people } from '../../db/people';
import { groupingGroups, groupingMembers, groupingRuns, type Event } from '../../db/schema';
import { eventById, isFormationLocked } from '../events';
import { notify } from '../notifications';
import { eventTeams } from '../teams';
import { formGroups } from './algorithm';
import { forbiddenPairs, poolOf, poolSize } from './optins.repo';
import { measure, totalViolations } from './quality';
import { reasonsFor, type Reason } from './reasons';
import type { GroupTerms } from './terms';

export const GROUPING_CHANNEL = 'hackteams_grouping';

/** Queues a run for the event; refused while one is queued or running. */
export async function queueRun(db: Db, event: Event, byProfileId: string): Promise<Outcome<{ id: string }>> {
  // After the formation deadline no group could become a team.
  if (isFormationLocked(event)) return refused('formation_locked', { event: event.name });
  return inTransaction(db, async (tx) => {
    // Two staff pressing at once: the event's runs are counted under a lock on the event's key.
    await lockKey(tx, `grouping-queue:${event.id}`);
    const busy = await tx
      .select({ id: groupingRuns.id })
      .from(groupingRuns)
      .where(and(eq(groupingRuns.eventId, event.id), inArray(groupingRuns.status, ['queued', 'running'])));
    if (busy.length) return refused('grouping_run_busy');
    const [run] = await tx
      .insert(groupingRuns)
      .values({ eventId: event.id, byProfileId, seed: Math.floor(Math.random() * 2 ** 31) })
      .returning({ id: groupingRuns.id });
    await tx.execute(sql`select pg_notify(${GROUPING_CHANNEL}, ${run.id})`);
    return done({ id: run.id });
  });
}

/** Runs waiting for a job: queued, or left running by an instance that stopped. */
export async function pendingRuns(db: Db): Promise<{ id: string; eventId: string }[]> {
  return db
    .select({ id: groupingRuns.id, eventId: groupingRuns.eventId })
    .from(groupingRuns)
    .where(inArray(groupingRuns.status, ['queued', 'running']))
    .orderBy(asc(groupingRuns.createdAt));
}

/**
 * Proposals nobody answered within 48 hours expire: their people go back to the pool, told so (and
 * so are those who accepted a group that did not form in time).
 */
export async function expireAnswers(db: Db, event: Event): Promise<void> {
  await inTransaction(db, async (tx) => {
    const expired = await queryRows<{ group_id: string }>(
      tx,
      sql`update grouping_members gm set answer = 'expired', answered_at = now()
              from grouping_groups g join grouping_runs r on r.id = g.run_id
             where gm.group_id = g.id and r.event_id = ${event.id} and r.status = 'sent' and gm.answer = 'pending' and g.expires_at <= now()
         returning gm.group_id`,
    );
    const groups = [...new Set(expired.map((e) => e.group_id))];
    if (groups.length === 0) return done();
    const back = await queryRows<{ profile_id: string }>(
      tx,
      sql`select gm.profile_id from grouping_members gm join grouping_groups g on g.id = gm.group_id
             where gm.group_id = any(${uuidArray(groups)})
               and (gm.answer = 'expired' or (gm.answer = 'accepted' and g.formed_team_id is null and g.fills_team_id is null))`,
    );
    await notifyBackInPool(
      tx,
      back.map((b) => b.profile_id),
      event,
    );
    return done();
  });
}

/** Tells people they are back among those looking for a team in the event ('group_returned'). */
export async function notifyBackInPool(db: Db, profileIds: string[], event: Pick<Event, 'slug' | 'name'>): Promise<void> {
  await notify(
    db,
    profileIds.map((profileId) => ({ profileId, kind: 'group_returned' as const, data: { eventSlug: event.slug, eventName: event.name } })),
  );
}

/** Runs one queued run: the pool, the algorithm, and every group written in one transaction. */
export async function executeRun(db: Db, runId: string): Promise<void> {
  const [run] = await db.select().from(groupingRuns).where(eq(groupingRuns.id, runId));
  if (!run || !['queued', 'running'].includes(run.status)) return;
  await db.update(groupingRuns).set({ status: 'running' }).where(eq(groupingRuns.id, runId));
  const event = await eventById(db, run.eventId);
  if (!event) return;
  await expireAnswers(db, event);
  const started = performance.now();
  const pool = await poolOf(db, event);
  const everyone = [...pool.solos.map((s) => s.id), ...pool.partialTeams.flatMap((t) => t.members.map((m) => m.id))];
  const forbidden = await forbiddenPairs(db, everyone);
  const size = { min: Math.max(2, event.teamSizeMin), max: event.teamSizeMax };
  const result = formGroups({ ...pool, forbidden, size, seed: run.seed });
  const ms = Math.round(performance.now() - started);
  const q = measure(pool.solos, result.groups, {
    ...size,
    preferredMin: Math.max(size.min, size.max - 1),
    forbidden,
    partialTeams: pool.partialTeams,
  });
  const roleOf = new Map([...pool.solos, ...pool.partialTeams.flatMap((t) => t.members)].map((s) => [s.id, s.role]));
  const totals = {
    people: pool.solos.length,
    placed: result.groups.reduce((a, g) => a + g.proposedIds.length, 0),
    groups: result.groups.length,
    coverage: q.coverage,
    withoutBuilder: q.withoutBuilder,
    sharedHours: q.sharedHours,
    availabilityWithinStep: q.availabilityWithinStep,
    allBeginners: q.allBeginners,
    violations: totalViolations(q),
    ms,
  };
  await db.transaction(async (tx) => {
    // Only if still ours to write (not sent or replaced meanwhile); a newer preview replaces older ones.
    const [mine] = await tx.select({ status: groupingRuns.status }).from(groupingRuns).where(eq(groupingRuns.id, runId)).for('update');
    if (mine?.status !== 'running') return;
    await tx.delete(groupingGroups).where(eq(groupingGroups.runId, runId));
    await tx
      .update(groupingRuns)
      .set({ status: 'discarded' })
      .where(and(eq(groupingRuns.eventId, event.id), eq(groupingRuns.status, 'preview')));
    for (let i = 0; i < result.groups.length; i += 500) {
      const batch = result.groups.slice(i, i + 500);
      const ids = await tx
        .insert(groupingGroups)
        .values(
          batch.map((g) => ({
            runId,
            fillsTeamId: g.teamId,
            terms: { ...g.terms, sharedMask: undefined } as Record<string, unknown>,
            reasons: g.reasons as unknown as Record<string, unknown>[],
            tradeOff: g.tradeOff as unknown as Record<string, unknown>,
          })),
        )
        .returning({ id: groupingGroups.id });
      await tx
        .insert(groupingMembers)
        .values(
          batch.flatMap((g, k) =>
            g.proposedIds.map((profileId) => ({ groupId: ids[k].id, profileId, role: roleOf.get(profileId) ?? 'build' })),
          ),
        );
    }
    await tx.update(groupingRuns).set({ status: 'preview', totals, finishedAt: new Date() }).where(eq(groupingRuns.id, runId));
  });
}

interface GroupRow {
  id: string;
  fills_team_id: string | null;
  fills_team_name: string | null;
  formed_team_id: string | null;
  terms: GroupTerms;
  reasons: Reason[];
  trade_off: Reason;
  expires_at: Date | string | null;
  team_gone: boolean;
}
interface MemberRow {
  group_id: string;
  role: GroupingRole;
  answer: 'pending' | 'accepted' | 'declined' | 'expired';
  person: { id: string; firstName: string; lastName: string; name: string; avatarUrl: string | null };
}

/** Groups with their members, names in place of ids in the reasons ('you' for the viewer). */
export async function groupViews(db: Db, eventId: string, where: { runId?: string; groupIds?: string[] }, viewerId = '') {
  const filter = where.runId ? sql`g.run_id = ${where.runId}` : sql`g.id = any(${uuidArray(where.groupIds ?? [])})`;
  const groups = await queryRows<GroupRow>(
    db,
    sql`select g.id, g.fills_team_id, t.name as fills_team_name, g.formed_team_id, g.terms, g.reasons, g.trade_off, g.expires_at, g.team_gone
          from grouping_groups g left join ${eventTeams(eventId)} t on t.id = g.fills_team_id
         where ${filter} order by g.id`,
  );
  if (groups.length === 0) return [];
  const members = await queryRows<MemberRow>(
    db,
    sql`select gm.group_id, gm.role, gm.answer,
               json_build_object('id', ${people.id}, 'firstName', ${people.table}.first_name, 'lastName', ${people.table}.last_name,
                 'name', ${people.name}, 'avatarUrl', ${people.table}.avatar_url) as person
          from grouping_members gm join ${people.table} on ${people.id} = gm.profile_id
         where gm.group_id = any(${uuidArray(groups.map((g) => g.id))})
         order by gm.group_id, ${people.name}`,
  );
  const byGroup = new Map<string, MemberRow[]>();
  for (const m of members) byGroup.set(m.group_id, [...(byGroup.get(m.group_id) ?? []), m]);
  const names = new Map(members.map((m) => [m.person.id, m.person.name]));
  const nameOf = (id: string) => names.get(id) ?? 'A member of the team';
  return groups.map((g) => ({
    id: g.id,
    fillsTeam: g.fills_team_id ? { id: g.fills_team_id, name: g.fills_team_name ?? 'A team' } : null,
    members: (byGroup.get(g.id) ?? []).map((m) => ({ person: m.person, role: m.role, answer: m.answer })),
    terms: {
      size: g.terms.size,
      distinctRoles: g.terms.distinctRoles,
      hasBuilder: g.terms.hasBuilder,
      sharedHours: g.terms.sharedHours,
      availabilitySpread: g.terms.availabilitySpread,
      allBeginners: g.terms.allBeginners,
      forbiddenPairs: g.terms.forbiddenPairs,
    },
    reasons: reasonsFor(g.reasons, viewerId, nameOf),
    tradeOff: g.trade_off.text,
    teamId: g.formed_team_id ?? g.fills_team_id,
    expiresAt: g.expires_at ? new Date(g.expires_at).toISOString() : null,
    teamGone: g.team_gone,
  }));
}

/** The event's latest run with its groups, or null. */
export async function latestRun(db: Db, event: Event, runId?: string): Promise<GroupingRun | null> {
  const [run] = await db
    .select()
    .from(groupingRuns)
    .where(and(eq(groupingRuns.eventId, event.id), runId ? eq(groupingRuns.id, runId) : undefined))
    .orderBy(desc(groupingRuns.createdAt))
    .limit(1);
  if (!run) return null;
  const groups = await groupViews(db, event.id, { runId: run.id });
  return {
    id: run.id,
    status: run.status as GroupingRun['status'],
    createdAt: run.createdAt.toISOString(),
    sentAt: run.sentAt ? run.sentAt.toISOString() : null,
    optedIn: await poolSize(db, event),
    totals: (run.totals as GroupingRun['totals']) ?? null,
    groups: groups.map(({ expiresAt: _expiresAt, teamGone: _teamGone, ...g }) => g),
  };
}

/** Sends a previewed run: every proposed member is told, and has 48 hours to answer. */
export async function sendRun(db: Db, event: Event, runId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    const [run] = await tx
      .select({ status: groupingRuns.status })
      .from(groupingRuns)
      .where(and(eq(groupingRuns.id, runId), eq(groupingRuns.eventId, event.id)))
      .for('update');
    if (!run) return refused('grouping_run_not_found');
    if (run.status !== 'preview') return refused('grouping_run_not_ready', { status: run.status });
    if (isFormationLocked(event)) return refused('formation_locked', { event: event.name });
    await tx.update(groupingRuns).set({ status: 'sent', sentAt: new Date() }).where(eq(groupingRuns.id, runId));
    // A group whose partial team was deleted since the preview (migration 0030) is not sent: its people
    // were never asked, and are in the next run's pool.
    await tx.delete(groupingGroups).where(and(eq(groupingGroups.runId, runId), eq(groupingGroups.teamGone, true)));
    await tx
      .update(groupingGroups)
      .set({ expiresAt: sql`now() + make_interval(hours => ${ANSWER_HOURS})` })
      .where(eq(groupingGroups.runId, runId));
    const members = await queryRows<{ profile_id: string }>(
      tx,
      sql`select gm.profile_id from grouping_members gm join grouping_groups g on g.id = gm.group_id where g.run_id = ${runId}`,
    );
    await notify(
      tx,
      members.map((m) => ({
        profileId: m.profile_id,
        kind: 'group_proposed' as const,
        data: { eventSlug: event.slug, eventName: event.name },
      })),
    );
    return done();
  });
}
