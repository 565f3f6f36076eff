/**
 * Bans (docs/product.md#moderation): from one event (cannot take part, ask, invite or be grouped
 * there) or, by a platform admin, from the whole platform (cannot sign in; their content is hidden).
 * A lifted ban stays on record.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bans, hiddenContent } from '../../db/schema';

const active = isNull(bans.liftedAt);

/** Bans that keep a person out of the event: the event's own and the platform's (eventId null: the platform's alone). */
const reaching = (eventId: string | null) => (eventId ? or(eq(bans.eventId, eventId), isNull(bans.eventId)) : isNull(bans.eventId));

/** An active ban of the person (an id, or an SQL expression of one) from the event or from the platform. */
const banOf = (profileId: string | SQL, eventId: string | null) => and(eq(bans.profileId, profileId), active, reaching(eventId));

/** Whether the person is banned from the event (or from the platform). */
export async function isBanned(db: Db, profileId: string, eventId: string | null): Promise<boolean> {
  const [row] = await db.select({ id: bans.id }).from(bans).where(banOf(profileId, eventId)).limit(1);
  return Boolean(row);
}

/** For a statement of another feature: isBanned as SQL (true when the person is banned from the event or the platform). */
export const bannedFrom = (profileId: string | SQL, eventId: string | null) =>
  sql<boolean>`exists (select 1 from ${bans} where ${banOf(profileId, eventId)})`;

/** Of these people, those banned from the event (or the platform). */
export async function bannedAmong(db: Db, profileIds: string[], eventId: string | null): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bans.profileId })
    .from(bans)
    .where(and(inArray(bans.profileId, profileIds), active, reaching(eventId)));
  return new Set(rows.map((r) => r.id));
}

/** SQL: true when the profile id expression is banned from the platform. */
export const platformBanned = (profileId: SQL) => bannedFrom(profileId, null);

/** Records a ban; an active one of the same scope is kept. The ban's id. */
export async function addBan(db: Db, ban: { profileId: string; eventId: string | null; reason: string; byProfileId: string }) {
  const [existing] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.profileId, ban.profileId), active, ban.eventId ? eq(bans.eventId, ban.eventId) : isNull(bans.eventId)));
  if (existing) return { id: existing.id, created: false };
  const [row] = await db.insert(bans).values(ban).returning({ id: bans.id });
  return { id: row.id, created: true };
}

/**
 * Lifts the active ban of this scope, and shows again what that ban hid (a platform ban); whether
 * there was one.
 */
export async function liftBan(db: Db, profileId: string, eventId: string | null): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(bans)
    .set({ liftedAt: now })
    .where(and(eq(bans.profileId, profileId), active, eventId ? eq(bans.eventId, eventId) : isNull(bans.eventId)))
    .returning({ id: bans.id });
  if (rows.length === 0) return false;
  await db
    .update(hiddenContent)
    .set({ liftedAt: now })
    .where(
      and(
        inArray(
          hiddenContent.banId,
          rows.map((r) => r.id),
        ),
        isNull(hiddenContent.liftedAt),
      ),
    );
  return true;
}

/** The active bans of an event (or of the platform, null), newest first. */
export async function activeBans(db: Db, eventId: string | null) {
  return db
    .select({ id: bans.id, profileId: bans.profileId, reason: bans.reason, byProfileId: bans.byProfileId, createdAt: bans.createdAt })
    .from(bans)
    .where(and(active, eventId ? eq(bans.eventId, eventId) : isNull(bans.eventId)))
    .orderBy(desc(bans.createdAt))
    .limit(500);
}
