/** Profile data: plain async functions over the Db; null means "not found". */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Me } from '../../../shared/api/auth';
import type { ContactInfo, OwnProfile, ProfileDetail, ProfileList } from '../../../shared/api/profiles';
import { displayName } from '../../../shared/avatar';
import { DEFAULT_AVAILABILITY } from '../../../shared/constants';
import type { ProfileListQuery } from '../../../shared/schemas';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { blockBetween, hiddenReasonOf } from '../safety';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { FEW_MATCHES, type CountCache } from '../../api/counts';
import { changedSince, changedSincePage, escapeLike, firstPageStatement, newestFirstPage } from '../../api/paging';
import { profiles, skills } from '../../db/schema';
import { eventIdBySlug, eventsLookingIn, looksInSomeEvent, newestRegistrants, registrantCount, takesPartIn } from '../events';
import { cardColumns, cardColumnsIn, notesOf, toCard, type CardNotes, type CardRow } from './cards.repo';

/** One element of a PostgreSQL array literal, quoted so commas, braces and quotes stay text. */
function arrayItem(value: string): string {
  return `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

/**
 * The list's filter: every active condition of docs/product.md#validation-list-queries combined
 * with AND, with a placeholder for each value (api/paging.ts ListQuery). Skill names are read from
 * the profile row itself (skill_names for the search, skill_list for 'has all these skills';
 * lower-cased, kept by a trigger on profile_skills), so each condition is a cheap test on the row
 * or an index lookup (trigram, GIN containment), never a join per row. Also says whether it
 * filters at all (`everyone`: no filter but the event).
 */
export function profileFilter(
  query: Pick<ProfileListQuery, 'q' | 'skills' | 'availability' | 'looking'> & {
    /** The id of the event of the list's `event` slug. */
    eventId?: string;
    /** The event has few people (at most FEW_MATCHES): a search tests each of them rather than go through the trigram index. */
    fewInEvent?: boolean;
  },
) {
  // Newlines separate the stored skill names; a search term never spans two of them.
  const q = query.q
    ?.replace(/[\r\n]+/g, ' ')
    .trim()
    .toLowerCase();
  const wanted = [
    ...new Set(
      query.skills
        .map((s) =>
          s
            .replace(/[\r\n]+/g, ' ')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  ];
  // The skills (or a small event's people) narrow the rows through their own index; a common
  // search term would cost more through the trigram index than as a plain substring test
  // (strpos) on those rows (seen: 'python' among an event's 215 people, 20-36 ms through the
  // trigram indexes, which PostgreSQL's estimates prefer, against under 1 ms).
  // A walk of the newest-first index (api/paging.ts ListQuery) tests the term the same way: through
  // LIKE, PostgreSQL's estimate of a term's matches from the trigram index can be far below the truth
  // and its plan then collects and sorts every match instead of walking (seen: 'rust', 129 estimated,
  // 3,615 found, 20 ms against 5 ms walked).
  const search = !q ? undefined : wanted.length || query.fewInEvent ? 'substring' : 'like';
  // The combined filter: each skill with the availability, in one index (migration 0011; in an
  // event, its twin over every profile, migration 0016, with looking there tested on the row).
  const combined = wanted.length > 0 && Boolean(query.availability) && query.looking;
  // In an event, looking means looking there: the profile's own flag (and the index built on it) says nothing.
  const lookingOnProfile = query.looking && !query.eventId;
  const skillList = combined ? wanted.map((skill) => `${skill}|${query.availability}`) : wanted;
  const parts = [
    search,
    combined ? 'skills+availability' : [wanted.length && 'skills', query.availability && 'availability'],
    lookingOnProfile && 'looking',
    query.eventId && (query.looking ? 'looking in event' : 'event'),
  ]
    .flat()
    .filter(Boolean);
  // `walk`: the statement walks the newest-first index (api/paging.ts ListQuery).
  const where = (walk = false) =>
    and(
      search === 'substring' || (search && walk)
        ? sql`(strpos(${profiles.searchText}, ${sql.placeholder('q')}) > 0 or strpos(${profiles.skillNames}, ${sql.placeholder('q')}) > 0)`
        : search === 'like'
          ? sql`(${profiles.searchText} like ${sql.placeholder('like')} or ${profiles.skillNames} like ${sql.placeholder('like')})`
          : undefined,
      combined
        ? sql`profile_filter_tokens(${profiles.skillList}, ${profiles.availability}) @> ${sql.placeholder('skills')}::text[]`
        : undefined,
      !combined && wanted.length ? sql`${profiles.skillList} @> ${sql.placeholder('skills')}::text[]` : undefined,
      !combined && query.availability ? eq(profiles.availability, sql.placeholder('availability')) : undefined,
      lookingOnProfile ? eq(profiles.lookingForTeam, true) : undefined,
      query.eventId ? takesPartIn(sql.placeholder('event'), profiles, { looking: query.looking, walk }) : undefined,
    );
  return {
    name: parts.join(','),
    where,
    params: {
      q,
      like: search === 'like' && q ? `%${escapeLike(q)}%` : undefined,
      skills: `{${skillList.map(arrayItem).join(',')}}`,
      availability: query.availability,
      event: query.eventId,
    },
    everyone: !q && !wanted.length && !query.availability && !lookingOnProfile && !query.looking,
  };
}

/**
 * The first page of everyone, or of everyone in an event, newest first or (for sync) oldest change
 * since `since` first, with each card's notes: one named statement (api/paging.ts
 * firstPageStatement). Everyone in a small event (`byRegistrants`), newest first: the page's people
 * are the event's newest registrants, read in order from the registrations' own index (collecting a
 * small event's people and sorting them cost twice the time of the large event's page). Otherwise
 * taking part is tested as a walk tests it (takesPartIn), which no index serves, so the plan
 * PostgreSQL keeps for any event walks the list's own index (used only when a walk finds the page soonest).
 */
function everyoneFirstPage(db: Db, eventId: string | undefined, pageSize: number, since: string | undefined, byRegistrants = false) {
  return firstPageStatement(db, {
    name: `profiles_first_page${eventId ? (byRegistrants ? '_of_event' : '_in_event') : ''}${since ? '_since' : ''}`,
    table: profiles,
    shape: () => {
      const event = sql.placeholder('event');
      return {
        columns: eventId ? cardColumnsIn(event) : cardColumns,
        where: and(
          eventId && !byRegistrants ? takesPartIn(event, profiles, { walk: true }) : undefined,
          eventId && byRegistrants ? sql`${profiles.id} in ${newestRegistrants(event, pageSize)}` : undefined,
          since ? changedSince(profiles.changedAt) : undefined,
        ),
      };
    },
    order: since ? 'oldest change first' : 'newest first',
    notes: notesOf,
    pageSize,
  }).execute({ event: eventId, since: since && new Date(since).toISOString() }) as Promise<Array<CardRow & CardNotes>>;
}

/** One page of profile cards, newest first, plus the number of all matches (see paging.ts). */
export async function listProfiles(db: Db, query: ProfileListQuery, counts?: CountCache): Promise<ProfileList> {
  const eventId = query.event ? await eventIdBySlug(db, query.event) : undefined;
  // No such event: nobody takes part in it.
  if (eventId === null) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  // The event's own count of its registrants (kept by a trigger on registrations), not a scan of
  // every profile's events (125 ms at 130,000).
  const registrantsOf = (eventId: string) =>
    counts?.get(`profiles:registrants:${eventId}`, () => registrantCount(db, eventId)) ?? registrantCount(db, eventId);
  const fewInEvent = Boolean(eventId && query.q && (await registrantsOf(eventId)) <= FEW_MATCHES);
  const filter = profileFilter({ ...query, eventId, fewInEvent });
  // Everyone, or everyone in an event: no filter but the event (and for sync, the instant).
  const everyone = filter.everyone;
  // Everyone in an event: the total is the event's count of registrants. For sync it is not the
  // total (only changes count) but says whether walking the index of changes finds the page soonest.
  const registrants = everyone && eventId ? () => registrantsOf(eventId) : undefined;
  // The first page of everyone in an event of at most FEW_MATCHES people: its newest registrants
  // (everyoneFirstPage). A larger event's is walked, as everyone's is (on PGlite the registrants'
  // statement read the bench's large event at 65% of the walk's speed; on PostgreSQL, alike).
  if (registrants && !query.updatedSince && query.page === 1) {
    const total = await registrants();
    if (total <= FEW_MATCHES) {
      const rows = await everyoneFirstPage(db, eventId, query.pageSize, undefined, true);
      return { items: rows.map((row) => toCard(row)), total, page: query.page, pageSize: query.pageSize };
    }
  }
  const { rows, total } = await (query.updatedSince ? changedSincePage : newestFirstPage)<CardRow & CardNotes>(db, {
    since: query.updatedSince ?? '',
    table: profiles,
    list: {
      name: filter.name,
      shape: (walk) => ({ columns: eventId ? cardColumnsIn(sql.placeholder('event')) : cardColumns, where: filter.where(walk) }),
      params: filter.params,
    },
    page: query.page,
    pageSize: query.pageSize,
    countKey: `profiles:${JSON.stringify([query.q?.toLowerCase() ?? '', [...query.skills].map((s) => s.toLowerCase()).sort(), query.availability ?? '', query.looking, query.event ?? ''])}`,
    counts,
    ...(query.updatedSince ? { matches: registrants } : { total: registrants }),
    notes: notesOf,
    ...(everyone && { firstPage: () => everyoneFirstPage(db, eventId, query.pageSize, query.updatedSince) }),
  });
  return {
    items: rows.map((row) => toCard(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

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
        bioHidden: hiddenReasonOf('bio', sql`${profiles.id}`),
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
    bioHidden: _h,
    block: _b,
    ...card
  } = row;
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
    ...(other && row.bioHidden !== null && { bio: HIDDEN_TEXT }),
    contact: signedIn && row.block === null ? contactOf(row) : null,
  };
  if (row.block === 'viewer') detail.blockedByViewer = true;
  return detail;
}

/** The own profile without its teams (those come from the teams feature: membershipsOf). */
export async function getOwnProfile(db: Db, id: string): Promise<Omit<OwnProfile, 'teams'> | null> {
  const row = await profileRow(db, id);
  if (!row) return null;
  return { ...detailOf(row), contact: contactOf(row), ...(row.bioHidden !== null && { bioHidden: row.bioHidden }) };
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
 * other (and never deadlock on each other's requests).
 */
export async function lockProfile(db: Db, profileId: string): Promise<void> {
  // NO KEY UPDATE, not UPDATE: rows that only point at the profile (a notification for them, a
  // membership) take KEY SHARE, which this must not block, or two answers deadlock.
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('no key update');
}

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
        ? sql`${profiles.id} = any(${`{${ids.join(',')}}`}::uuid[])`
        : and(sql`${profiles.skillBadges} <> '[]'::jsonb`, looksInSomeEvent(profiles.id, profiles.lookingForTeam)),
    );
}
