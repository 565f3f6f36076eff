/** The auth tables (users, sessions, accounts, verifications, app settings) outside better-auth's own adapter. */
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts, appSettings, sessions, users, verifications } from '../db/schema';
import { profileIdOfUserColumn } from '../features/profiles';
import { prepared } from '../db/prepared';

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

/** The account as Settings shows it: its email, and how it signs in. Null for an unknown user. */
export async function accountOf(db: Db, userId: string) {
  const user = await findUser(db, userId);
  if (!user) return null;
  const linked = await db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    hasPassword: linked.some((a) => a.providerId === 'credential' && a.password !== null),
    providers: linked.map((a) => a.providerId).filter((p) => p !== 'credential'),
  };
}

/** The account's sessions that have not expired, the most recently active first. */
export function sessionsOf(db: Db, userId: string) {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
}

/** Ends one of the user's own sessions; false when the id is not one of them. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user but `keepId`; how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes the user; their sessions and sign-in accounts go with them (foreign keys). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * A provider sign-in has just joined the account of `userId` because the provider vouches for its
 * email. If the account's own email was never proven, its password and sessions could belong to
 * someone who signed up with another person's address in advance (to be let in once the owner
 * arrives through GitHub): they go. The owner signs in through the provider, and can set a
 * password with 'Forgot password?'. Run before better-auth marks the email verified.
 */
export async function dropUnprovenPassword(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.verified) return;
    const removed = await tx
      .delete(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (removed.length) await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** The account a password reset token opens, while the token is valid; else null. */
export async function accountOfResetToken(db: Db, token: string): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Marks the user's email verified, if it is still `email` (a link to that address was opened). */
export async function markEmailVerified(db: Db, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.email, email.toLowerCase())));
}

/** Whether one of the account's sessions (live, or expired and not yet removed) began at `address`. */
export async function signedInFromAddress(db: Db, email: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(sessions.ipAddress, address)))
    .limit(1);
  return row !== undefined;
}

/** The user and profile of a session token, and when the session expires (session-lookup.ts). */
export async function sessionViewerByToken(db: Db, token: string) {
  const [row] = await prepared(db, 'session_viewer_by_token', (db, name) =>
    db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        expiresAt: sessions.expiresAt,
        profileId: profileIdOfUserColumn(sessions.userId),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder('token')))
      .prepare(name),
  ).execute({ token });
  return row ?? null;
}

/** When each of the sessions `ids` that still exist expires: a session missing from the answer has ended. */
export async function sessionExpiries(db: Db, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: sessions.id, expiresAt: sessions.expiresAt }).from(sessions).where(inArray(sessions.id, ids));
  return new Map(rows.map((r) => [r.id, r.expiresAt]));
}

/** Ends every session of the person with this profile (a platform ban: docs/product.md#moderation). */
export async function deleteSessionsOfProfile(db: Db, profileId: string): Promise<void> {
  await db.delete(sessions).where(sql`${profileIdOfUserColumn(sessions.userId)} = ${profileId}`);
}

/** The sign-in email of the user `userId` names (a column of another table), for a query's select list. */
export const userEmailColumn = (userId: AnyPgColumn) => sql<string>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
