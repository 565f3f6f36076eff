/**
 * Content a moderator hid (docs/product.md#moderation): a bio, a team description, a join request
 * or invitation message, an announcement. Everyone but its author reads 'Hidden by a moderator';
 * the author is told why. A platform ban hides everything the person wrote that others read; lifting
 * the ban shows it again (but not what a moderator hid on its own).
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { HiddenKind } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { hiddenContent } from '../../db/schema';

const active = isNull(hiddenContent.liftedAt);

/** Of these targets of one kind, those hidden, with the moderator's reason. */
export async function hiddenAmong(db: Db, kind: HiddenKind, targetIds: string[]): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .select({ id: hiddenContent.targetId, reason: hiddenContent.reason })
    .from(hiddenContent)
    .where(and(eq(hiddenContent.kind, kind), inArray(hiddenContent.targetId, targetIds), active));
  return new Map(rows.map((r) => [r.id, r.reason]));
}

/** For a statement of another feature: the moderator's reason if the target whose id is `targetId` is hidden, else null. */
export const hiddenReasonOf = (kind: HiddenKind, targetId: SQL): SQL<string | null> =>
  sql`(select ${hiddenContent.reason} from ${hiddenContent} where ${hiddenContent.kind} = ${kind} and ${hiddenContent.targetId} = ${targetId} and ${active} limit 1)`;

/** The moderator's reason if the target is hidden, else null. */
export async function hiddenReason(db: Db, kind: HiddenKind, targetId: string): Promise<string | null> {
  return (await hiddenAmong(db, kind, [targetId])).get(targetId) ?? null;
}

/** Hides a target (hiding it again keeps the first mark). Whether it was newly hidden. */
export async function hide(
  db: Db,
  mark: { kind: HiddenKind; targetId: string; eventId: string | null; reason: string; byProfileId: string },
): Promise<boolean> {
  if ((await hiddenReason(db, mark.kind, mark.targetId)) !== null) return false;
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
    .where(and(active, isNull(hiddenContent.banId), eventId ? eq(hiddenContent.eventId, eventId) : isNull(hiddenContent.eventId)))
    .orderBy(desc(hiddenContent.createdAt))
    .limit(200);
}

/** Shows a hidden target again; whether it was hidden. */
export async function unhide(db: Db, kind: HiddenKind, targetId: string): Promise<boolean> {
  const rows = await db
    .update(hiddenContent)
    .set({ liftedAt: new Date() })
    .where(and(eq(hiddenContent.kind, kind), eq(hiddenContent.targetId, targetId), active))
    .returning({ id: hiddenContent.id });
  return rows.length > 0;
}

/**
 * Hides, for a platform ban, each of these targets not hidden already (a moderator's own mark is
 * kept, and outlives the ban). How many were newly hidden.
 */
export async function hideForBan(
  db: Db,
  ban: { banId: string; reason: string; byProfileId: string },
  targets: Array<{ kind: HiddenKind; ids: string[] }>,
): Promise<number> {
  let count = 0;
  for (const { kind, ids } of targets) {
    const already = await hiddenAmong(db, kind, ids);
    const fresh = ids.filter((id) => !already.has(id));
    if (fresh.length === 0) continue;
    await db.insert(hiddenContent).values(fresh.map((targetId) => ({ kind, targetId, eventId: null, ...ban })));
    count += fresh.length;
  }
  return count;
}
