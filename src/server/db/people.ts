/**
 * How features read people (names and avatars in member lists, requests and staff lists, whether
 * someone is looking for a team, the email organizers see): join `people.table` on a profile id and
 * select `people.ref`. A read model of the profiles table one level above the features that use it;
 * writes to profiles stay in the profiles feature.
 */
import { asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { profiles, users } from './schema';

export const people = {
  table: profiles,
  id: profiles.id,
  name: profiles.name,
  lookingForTeam: profiles.lookingForTeam,
  timezone: profiles.timezone,
  /** When anything the person's card or profile shows last changed (sync, docs/decisions/027-sync.md). */
  changedAt: profiles.changedAt,
  skills: profiles.skillBadges,
  ref: { id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, name: profiles.name, avatarUrl: profiles.avatarUrl },
  /** The email the person signed up with: for the staff of events they take part in, never for other people. */
  email: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${profiles.userId})`,
};

/**
 * Locks a person's profile for the rest of the transaction. Writes that involve a person take it
 * first, before their team or event rows: every change to their memberships or registrations also
 * updates their profile (its triggers), so a write that took a team or a registration first and
 * came to the profile last deadlocked with one that took them the other way (tests/races).
 */
export async function lockPerson(db: Db, profileId: string): Promise<void> {
  // NO KEY UPDATE, not UPDATE: rows that only point at the profile (a notification for them, a
  // membership) take KEY SHARE, which this must not block, or two answers deadlock.
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('no key update');
}

/**
 * Locks several people's profiles (lockPerson) in one statement, in id order: two writes that lock
 * some of the same people take them in the same order. `ids`: a list, or a query of one column of ids.
 */
export async function lockPeople(db: Db, ids: string[] | SQLWrapper): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, ids)).orderBy(asc(profiles.id)).for('no key update');
}
