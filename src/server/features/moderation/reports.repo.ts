/**
 * Reports and the queues (docs/product.md#moderation): one report per reporter and target; a queue
 * groups the open reports of an event (or of the platform) by target, most reported first, then oldest.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ReportTarget, ReportReason } from '../../../shared/safety';
import type { ModerationRecord } from '../../../shared/api/moderation';
import type { Db } from '../../db/client';
import { people } from '../../db/people';
import { moderationActions, reports } from '../../db/schema';

export interface NewReport {
  reporterId: string;
  targetKind: ReportTarget;
  targetId: string;
  eventId: string | null;
  subjectId: string | null;
  reason: ReportReason;
  note: string | null;
  snapshot: string;
}

/** Files a report; the same reporter reporting the same target again counts once (a closed one opens again). */
export async function fileReport(db: Db, report: NewReport): Promise<void> {
  await db
    .insert(reports)
    .values(report)
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetKind, reports.targetId],
      set: { status: 'open', reason: report.reason, note: sql`coalesce(excluded.note, ${reports.note})` },
    });
}

const inScope = (eventId: string | null) => (eventId ? eq(reports.eventId, eventId) : isNull(reports.eventId));

/** The open reports of a queue, grouped by target: most reported first, then oldest. */
export async function openReportGroups(db: Db, eventId: string | null) {
  return db
    .select({
      targetKind: reports.targetKind,
      targetId: reports.targetId,
      count: sql<number>`count(*)::int`,
      firstReportedAt: sql<string>`min(${reports.createdAt})`,
      reasons: sql<string[]>`array_agg(distinct ${reports.reason})`,
      notes: sql<
        string[]
      >`coalesce((array_agg(${reports.note} order by ${reports.createdAt} desc) filter (where ${reports.note} is not null))[1:10], '{}')`,
      snapshot: sql<string>`(array_agg(${reports.snapshot} order by ${reports.createdAt}))[1]`,
      subjectId: sql<string | null>`(array_agg(${reports.subjectId} order by ${reports.createdAt}))[1]`,
    })
    .from(reports)
    .where(and(inScope(eventId), eq(reports.status, 'open')))
    .groupBy(reports.targetKind, reports.targetId)
    .orderBy(sql`count(*) desc`, sql`min(${reports.createdAt}) asc`)
    .limit(200);
}

/** Closes the open reports about a target in a queue (dismissed, or acted on). */
export async function closeReports(db: Db, eventId: string | null, targetKind: string, targetId: string): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ status: 'closed' })
    .where(
      and(inScope(eventId), eq(reports.targetKind, targetKind as ReportTarget), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    )
    .returning({ id: reports.id });
  return rows.length;
}

/** Whether a queue has (or had) a report about this target, and its subject. */
export async function reportedIn(db: Db, eventId: string | null, targetKind: string, targetId: string) {
  const [row] = await db
    .select({ subjectId: reports.subjectId })
    .from(reports)
    .where(and(inScope(eventId), eq(reports.targetKind, targetKind as ReportTarget), eq(reports.targetId, targetId)))
    .orderBy(asc(reports.createdAt))
    .limit(1);
  return row ?? null;
}

/** Records a moderator's action with who and why. */
export async function recordAction(db: Db, action: Omit<typeof moderationActions.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
  await db.insert(moderationActions).values(action);
}

/** Every action of a queue, newest first (the latest 200). */
export async function actionRecord(db: Db, eventId: string | null): Promise<ModerationRecord[]> {
  const subject = sql`(select json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'name', p.name, 'avatarUrl', p.avatar_url)
    from ${people.table} p where p.id = ${moderationActions.subjectId})`;
  const by = sql`(select json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'name', p.name, 'avatarUrl', p.avatar_url)
    from ${people.table} p where p.id = ${moderationActions.byProfileId})`;
  const rows = await db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      targetKind: moderationActions.targetKind,
      targetId: moderationActions.targetId,
      subject: sql<ModerationRecord['subject']>`${subject}`,
      by: sql<ModerationRecord['by']>`${by}`,
      reason: moderationActions.reason,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .where(eventId ? eq(moderationActions.eventId, eventId) : isNull(moderationActions.eventId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Short references to these people, by id. */
export async function personRefs(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, ModerationRecord['subject'] & object>();
  const rows = await db
    .select(people.ref)
    .from(people.table)
    .where(sql`${people.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r]));
}
