/**
 * Who may send a person invitations (docs/product.md#safety), and the per-sender hourly limits on
 * requests and invitations, counted in the database so every instance shares them.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ContactSetting } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { contactSettings, sendCounts } from '../../db/schema';

export async function contactSettingOf(db: Db, profileId: string): Promise<ContactSetting> {
  const [row] = await db
    .select({ who: contactSettings.whoMayContact })
    .from(contactSettings)
    .where(eq(contactSettings.profileId, profileId));
  return row?.who ?? 'anyone';
}

/** For a statement of another feature: the person's setting, null for the default ('anyone'). */
export const contactSettingSql = (profileId: string) =>
  sql<ContactSetting | null>`(select ${contactSettings.whoMayContact} from ${contactSettings} where ${contactSettings.profileId} = ${profileId})`;

export async function contactSettingsOf(db: Db, profileIds: string[]): Promise<Map<string, ContactSetting>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: contactSettings.profileId, who: contactSettings.whoMayContact })
    .from(contactSettings)
    .where(inArray(contactSettings.profileId, profileIds));
  return new Map(rows.map((r) => [r.id, r.who]));
}

export async function setContactSetting(db: Db, profileId: string, who: ContactSetting): Promise<void> {
  await db
    .insert(contactSettings)
    .values({ profileId, whoMayContact: who })
    .onConflictDoUpdate({ target: contactSettings.profileId, set: { whoMayContact: who } });
}

/**
 * Counts one more request or invitation by `profileId` in this clock hour. Whether it is within
 * `limit`, and if not, the seconds until the next hour. Old hours are swept as it goes.
 */
export async function countSend(
  db: Db,
  profileId: string,
  kind: 'request' | 'invitation',
  limit: number,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const [row] = await db
    .insert(sendCounts)
    .values({ profileId, kind, hour, count: 1 })
    .onConflictDoUpdate({ target: [sendCounts.profileId, sendCounts.kind, sendCounts.hour], set: { count: sql`${sendCounts.count} + 1` } })
    .returning({ count: sendCounts.count });
  if (row.count === 1) {
    await db.delete(sendCounts).where(and(eq(sendCounts.profileId, profileId), lt(sendCounts.hour, hour)));
  }
  if (row.count <= limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((hour.getTime() + 3_600_000 - now.getTime()) / 1000)) };
}
