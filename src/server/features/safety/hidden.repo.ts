/**
 * Content a moderator hid (docs/product.md#moderation): a bio, a team description, a join request
 * or invitation message, an announcement. Everyone but its author reads 'Hidden by a moderator';
 * the author is told why. A platform ban hides everything the person wrote that others read; lifting
 * the ban shows it again (but not what a moderator hid on its own).
 *
 * Each queue (an event's moderators, the platform's) and each ban keeps its own mark, and a target is
 * hidden while any of its marks is: one queue's Unhide does not show what another queue or a ban hid.
 * The reason read is the first mark's.
 */
import { and, desc, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { HiddenKind } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { hiddenContent } from '../../db/schema';

const active = isNull(hiddenContent.liftedAt);
/** Marks a moderator of this queue made (`eventId`: an event's, null: the platform's), not a platform ban's. */
const ofQueue = (eventId: string | null) =>
  and(isNull(hiddenContent.banId), eventId ? eq(hiddenContent.eventId, eventId) : isNull(hiddenContent.eventId));
/** This queue's active mark on a target. */
const queueMark = (kind: HiddenKind, targetId: string, eventId: string | null) =>
  and(eq(hiddenContent.kind, kind), eq(hiddenContent.targetId, targetId), active, ofQueue(eventId));

/** Of these targets of one kind, those hidden, with the first mark's reason. */
export async function hiddenAmong(db: Db, kind: HiddenKind, targetIds: string[]): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({ id: hiddenContent.targetId, reason: hiddenContent.reason })
    .from(hiddenContent)
    .where(and(eq(hiddenContent.kind, kind), inArray(hiddenContent.targetId, targetIds), active))
    // Newest first, so the first mark's reason is the one the map keeps.
    .orderBy(desc(hiddenContent.createdAt));
  return new Map(rows.map((r) => [r.id, r.reason]));
}

/**
 * For a statement of another feature: the moderator's reason if the target whose id is `targetId` is
 * hidden, else null. `hiddenFlag`: the target row's own flag (a bio's or a team description's,
 * migration 0029), so the marks are looked up only for what is hidden.
 */
export const hiddenReasonOf = (kind: HiddenKind, targetId: SQL, hiddenFlag: SQL | Column): SQL<string | null> =>
  sql`case when ${hiddenFlag} then (select ${hiddenContent.reason} from ${hiddenContent} where ${hiddenContent.kind} = ${kind} and ${hiddenContent.targetId} = ${targetId} and ${active}
    order by ${hiddenContent.createdAt} limit 1) end`;

/** The moderator's reason if the target is hidden, else null. */
export async function hiddenReason(db: Db, kind: HiddenKind, targetId: string): Promise<string | null> {
  return (await hiddenAmong(db, kind, [targetId])).get(targetId) ?? null;
}

/** Hides a target for this queue (`mark.eventId`; hiding it again keeps the queue's first mark). Whether the queue had no mark on it. */
export async function hide(
  db: Db,
  mark: { kind: HiddenKind; targetId: string; eventId: string | null; reason: string; byProfileId: string },
): Promise<boolean> {
  const [own] = await db
    .select({ id: hiddenContent.id })
    .from(hiddenContent)
    .where(queueMark(mark.kind, mark.targetId, mark.eventId))
    .limit(1);
  if (own) return false;
  await db.insert(hiddenContent).values(mark);
  return true;
}

/**
 * What a moderator hid in one event (null: on the platform's queue) and is hidden now, the latest 200:
 * not what a platform ban hid, which lifting the ban shows again.
 */
export async function activeHides(db: Db, eventId: string | null) {
  return db
    .select({
      kind: hiddenContent.kind,
      targetId: hiddenContent.targetId,
      reason: hiddenContent.reason,
      createdAt: hiddenContent.createdAt,
    })
    .from(hiddenContent)
    .where(and(active, ofQueue(eventId)))
    .orderBy(desc(hiddenContent.createdAt))
    .limit(200);
}

/**
 * Shows a target again that a moderator of this queue hid (`eventId`: the event's, null: the platform's);
 * whether there was such a mark. Another queue's mark and a platform ban's stay: a moderator acts only on
 * what their queue hid, and what a ban hid comes back when the ban is lifted.
 */
export async function unhide(db: Db, kind: HiddenKind, targetId: string, eventId: string | null): Promise<boolean> {
  const rows = await db
    .update(hiddenContent)
    .set({ liftedAt: new Date() })
    .where(queueMark(kind, targetId, eventId))
    .returning({ id: hiddenContent.id });
  return rows.length > 0;
}

/**
 * Hides, for a platform ban, each of these targets with the ban's own mark, beside any a moderator
 * made (theirs outlives the ban; the ban's stays when a moderator unhides theirs).
 */
export async function hideForBan(
  db: Db,
  ban: { banId: string; reason: string; byProfileId: string },
  targets: Array<{ kind: HiddenKind; ids: string[] }>,
): Promise<void> {
  const marks = targets.flatMap(({ kind, ids }) => ids.map((targetId) => ({ kind, targetId, eventId: null, ...ban })));
  if (marks.length > 0) await db.insert(hiddenContent).values(marks);
}
