/** The auth tables (users, sessions, accounts, verifications, app settings) outside better-auth's own adapter. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings, users } from '../db/schema';

export async function findUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The value kept under `key`, storing `fresh` first if there is none (the first instance wins). */
export async function keptSetting(db: Db, key: string, fresh: string): Promise<string> {
  await db.insert(appSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
