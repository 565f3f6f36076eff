/** The auth tables (users, sessions, accounts, verifications, app settings) outside better-auth's own adapter. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, appSettings, users } from '../db/schema';

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

/** The stored password hash of a user's email-and-password account, or null. */
export async function credentialPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

/** Replaces a user's stored password hash, only if it is still `previous` (of two at once, one writes). */
export async function replaceCredentialPasswordHash(db: Db, userId: string, previous: string, next: string): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ password: next, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), eq(accounts.password, previous)))
    .returning({ id: accounts.id });
  return rows.length > 0;
}
