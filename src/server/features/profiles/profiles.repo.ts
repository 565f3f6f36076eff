/** Profile data: plain async functions over the Db; null means "not found". */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Me } from '../../../shared/api/auth';
import type { ContactInfo, OwnProfile, ProfileDetail } from '../../../shared/api/profiles';
import { displayName } from '../../../shared/avatar';
import { DEFAULT_AVAILABILITY } from '../../../shared/constants';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { blockBetween, hiddenReasonOf } from '../safety';
import type { Db } from '../../db/client';
import { uuidArray } from '../../db/arrays';
import { lockPeople, lockPerson } from '../../db/people';
import { prepared } from '../../db/prepared';
import { profiles, skills } from '../../db/schema';
import { eventsLookingIn, looksInSomeEvent } from '../events';
import { cardColumns, toCard } from './cards.repo';

/** Every skill, by name: the filter chips, built from all skills (docs/product.md#browse-profiles). */
export async function listSkillNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: skills.name })
    .from(skills)
    .orderBy(sql`lower(${skills.name})`, asc(skills.name));
  return rows.map((r) => r.name);
}

/**
 * A profile's row in one statement, with the moderator's reason if its bio is hidden and, for a
 * signed-in viewer, the block between the two: 'viewer' if the viewer blocked this person, 'other'
 * if only this person blocked the viewer, null if neither.
 */
async function profileRow(db: Db, id: string, viewerProfileId: string | null = null) {
  const statement = (viewer: boolean) => (db: Db, name: string) =>
    db
      .select({
        ...cardColumns,
        userId: profiles.userId,
        experiences: profiles.experiences,
        discordUsername: profiles.discordUsername,
        twitterUsername: profiles.twitterUsername,
        timezone: profiles.timezone,
        githubUrl: profiles.githubUrl,
        linkedinUrl: profiles.linkedinUrl,
        portfolioUrl: profiles.portfolioUrl,
        hiddenWhy: hiddenReasonOf('bio', sql`${profiles.id}`, profiles.bioHidden),
        block: viewer ? blockBetween(sql.placeholder('viewer'), sql`${profiles.id}`) : sql<null>`null`,
      })
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('id')))
      .prepare(name);
  const [row] = viewerProfileId
    ? await prepared(db, 'profile_row_for_viewer', statement(true)).execute({ id, viewer: viewerProfileId })
    : await prepared(db, 'profile_row', statement(false)).execute({ id });
  return row ?? null;
}

type FullRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

function contactOf(row: FullRow): ContactInfo {
  return {
    discordUsername: row.discordUsername,
    twitterUsername: row.twitterUsername,
    timezone: row.timezone,
    githubUrl: row.githubUrl,
    linkedinUrl: row.linkedinUrl,
    portfolioUrl: row.portfolioUrl,
  };
}

function detailOf(row: FullRow) {
  const {
    userId: _userId,
    experiences,
    discordUsername: _d,
    twitterUsername: _t,
    timezone: _tz,
    githubUrl: _g,
    linkedinUrl: _l,
    portfolioUrl: _p,
    hiddenWhy: _h,
    block: _b,
    ...card
  } = row;
  // The bio as written: each caller says who reads it hidden.
  card.bioHidden = false;
  return { ...toCard(card), experiences };
}

/**
 * The public profile; contact details only when the viewer is signed in and neither of the two
 * blocked the other. A bio a moderator hid reads 'Hidden by a moderator' (its author sees it on /profile).
 */
export async function getProfileDetail(db: Db, id: string, viewerProfileId: string | null, signedIn = viewerProfileId !== null) {
  const other = viewerProfileId !== id;
  const row = await profileRow(db, id, other ? viewerProfileId : null);
  if (!row) return null;
  const detail: ProfileDetail = {
    ...detailOf(row),
    ...(other && row.hiddenWhy !== null && { bio: HIDDEN_TEXT }),
    contact: signedIn && row.block === null ? contactOf(row) : null,
  };
  if (row.block === 'viewer') detail.blockedByViewer = true;
  return detail;
}

/** The own profile without its teams (those come from the teams feature: membershipsOf). */
export async function getOwnProfile(db: Db, id: string): Promise<Omit<OwnProfile, 'teams'> | null> {
  const row = await profileRow(db, id);
  if (!row) return null;
  return { ...detailOf(row), contact: contactOf(row), ...(row.hiddenWhy !== null && { bioHidden: row.hiddenWhy }) };
}

/** The profile id of the user in column `userId` of another feature's statement (the session lookup), or null. */
export const profileIdOfUserColumn = (userId: AnyPgColumn) =>
  sql<string | null>`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`;

/** The profile id of a signed-in user (null only if the profile was removed after sign-in). */
export async function profileIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await prepared(db, 'profile_id_of_user', (db, name) =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, sql.placeholder('userId')))
      .prepare(name),
  ).execute({ userId });
  return row?.id ?? null;
}

/**
 * Creates a user's profile (docs/product.md#accounts-and-sessions): availability Flexible,
 * looking for a team. Nothing happens if the user has one already.
 */
export async function createProfile(
  db: Db,
  p: { userId: string; firstName: string; lastName: string; avatarUrl: string | null; githubUrl?: string | null },
) {
  await db
    .insert(profiles)
    .values({ ...p, name: displayName(p), availability: DEFAULT_AVAILABILITY, lookingForTeam: true })
    .onConflictDoNothing({ target: profiles.userId });
}

/**
 * Locks a person's profile for the rest of the transaction: every change that makes them a
 * member of a team takes this lock first, so two such changes for one person run one after the
 * other (and never deadlock on each other's requests). db/people.ts says why it comes first.
 */
export const lockProfile = lockPerson;

/** Several people's profiles at once, in id order (db/people.ts lockPeople). */
export const lockProfiles = lockPeople;

/** Switches 'looking for a team' off; true if it was on. */
export async function stopLooking(db: Db, profileId: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ lookingForTeam: false, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, profileId), eq(profiles.lookingForTeam, true)))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/**
 * Deletes a profile in the caller's transaction: its skills, avatar, memberships, join requests,
 * invitations received and notifications go with it (foreign keys). Lists, search and
 * suggestions read profiles, so the person is gone from all of them at the commit.
 */
export async function deleteProfile(db: Db, profileId: string): Promise<void> {
  await db.delete(profiles).where(eq(profiles.id, profileId));
}

/** The short profile the navigation bar shows for a signed-in user. */
export async function getMe(db: Db, userId: string): Promise<Me['profile']> {
  const [row] = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      preferredName: profiles.preferredName,
      name: profiles.name,
      avatarUrl: profiles.avatarUrl,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/** The owner's user id, to tell "not found" from "not yours". */
export async function getProfileOwner(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, id));
  return row?.userId ?? null;
}

// ---------- matching (docs/decisions/011-matching.md) ----------

/**
 * What the matching index keeps of people: everyone looking for a team with a skill, or the given
 * profiles whatever their state (an id not returned is a deleted profile).
 */
export async function matchingPeople(db: Db, ids?: string[]) {
  return db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      name: profiles.name,
      avatarUrl: profiles.avatarUrl,
      availability: profiles.availability,
      timezone: profiles.timezone,
      updatedAt: profiles.updatedAt,
      lookingIn: eventsLookingIn(profiles.id, profiles.lookingForTeam),
      skills: profiles.skillBadges,
    })
    .from(profiles)
    .where(
      ids
        ? sql`${profiles.id} = any(${uuidArray(ids)})`
        : and(sql`${profiles.skillBadges} <> '[]'::jsonb`, looksInSomeEvent(profiles.id, profiles.lookingForTeam)),
    );
}
