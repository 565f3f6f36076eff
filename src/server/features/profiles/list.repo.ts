/**
 * Browsing people: a page of profile cards, newest first or (sync) oldest change first, filtered by
 * a search, skills, an availability, 'looking for a team' and an event (docs/product.md#browse-profiles).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileList } from '../../../shared/api/profiles';
import type { ProfileListQuery } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { FEW_MATCHES, type CountCache } from '../../api/counts';
import { changedSincePage, escapeLike, estimatedRows, newestFirstPage, type ListQuery } from '../../api/paging';
import { changedSince, firstPageStatement, walkedFirstPage } from '../../api/first-pages';
import { profiles } from '../../db/schema';
import { listedEventIdBySlug, newestRegistrants, registrantCount, takesPartIn } from '../events';
import { cardColumns, cardColumnsIn, toCard, type CardRow } from './cards.repo';

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
    /** The event holds most people: no index narrows it, so it is tested on each row as a walk tests it. */
    mostInEvent?: boolean;
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
    query.eventId && query.mostInEvent && 'most',
  ]
    .flat()
    .filter(Boolean);
  // `walk`: the statement walks the newest-first index (api/paging.ts ListQuery).
  const where = (walk = false) => {
    const inEvent = query.eventId
      ? takesPartIn(sql.placeholder('event'), profiles, { looking: query.looking, walk, most: query.mostInEvent })
      : undefined;
    const others = and(
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
    );
    // Walking an event that holds most people, its test passes nearly every row: made only on the
    // rows the others keep (PostgreSQL would make the cheaper test first, on every row walked).
    if (walk && query.mostInEvent && others && inEvent) return sql`case when ${others} then ${inEvent} else false end`;
    return and(others, inEvent);
  };
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
    // A search alone (in an event or not): its walk tests each row in forms no index serves, so a
    // plan made for any term walks as the plan for one term does, and its first page can be kept.
    searchOnly: Boolean(q) && !wanted.length && !query.availability && !query.looking,
  };
}

/**
 * The first page of everyone, or of everyone in an event, newest first or (for sync) oldest change
 * since `since` first: one named statement (api/first-pages.ts
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
    pageSize,
  }).execute({ event: eventId, since: since && new Date(since).toISOString() }) as Promise<CardRow[]>;
}

/** One page of profile cards, newest first, plus the number of all matches (see paging.ts). */
export async function listProfiles(db: Db, query: ProfileListQuery, counts?: CountCache): Promise<ProfileList> {
  const eventId = query.event ? await listedEventIdBySlug(db, query.event) : undefined;
  // No such event, or not public (a draft, hidden): no one is listed in it.
  if (eventId === null) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  // The event's own count of its registrants (kept by a trigger on registrations), not a scan of
  // every profile's events (125 ms at 130,000).
  const inEvent = eventId
    ? await (counts?.get(`profiles:registrants:${eventId}`, () => registrantCount(db, eventId)) ?? registrantCount(db, eventId))
    : 0;
  const fewInEvent = Boolean(eventId && query.q && inEvent <= FEW_MATCHES);
  const mostInEvent = Boolean(eventId && inEvent > 0.5 * ((await estimatedRows(db, profiles)) ?? Infinity));
  const filter = profileFilter({ ...query, eventId, fewInEvent, mostInEvent });
  // Everyone, or everyone in an event: no filter but the event (and for sync, the instant).
  const everyone = filter.everyone;
  // Everyone in an event: the total is the event's count of registrants. For sync it is not the
  // total (only changes count) but says whether walking the index of changes finds the page soonest.
  const registrants = everyone && eventId ? async () => inEvent : undefined;
  // The first page of everyone in an event of at most FEW_MATCHES people: its newest registrants
  // (everyoneFirstPage). A larger event's is walked, as everyone's is (on PGlite the registrants'
  // statement read the bench's large event at 65% of the walk's speed; on PostgreSQL, alike).
  if (registrants && !query.updatedSince && query.page === 1 && inEvent <= FEW_MATCHES) {
    const rows = await everyoneFirstPage(db, eventId, query.pageSize, undefined, true);
    return { items: rows.map((row) => toCard(row)), total: inEvent, page: query.page, pageSize: query.pageSize };
  }
  const list: ListQuery = {
    name: filter.name,
    shape: (walk) => ({ columns: eventId ? cardColumnsIn(sql.placeholder('event')) : cardColumns, where: filter.where(walk) }),
    params: filter.params,
  };
  const { rows, total } = await (query.updatedSince ? changedSincePage : newestFirstPage)<CardRow>(db, {
    since: query.updatedSince ?? '',
    table: profiles,
    list,
    page: query.page,
    pageSize: query.pageSize,
    countKey: `profiles:${JSON.stringify([query.q?.toLowerCase() ?? '', [...query.skills].map((s) => s.toLowerCase()).sort(), query.availability ?? '', query.looking, query.event ?? ''])}`,
    counts,
    ...(query.updatedSince ? { matches: registrants } : { total: registrants }),
    ...(everyone && { firstPage: () => everyoneFirstPage(db, eventId, query.pageSize, query.updatedSince) }),
    // A search alone (in an event or not): its walk's forms give PostgreSQL nothing to plan by.
    ...(filter.searchOnly &&
      !query.updatedSince && {
        firstPage: () => walkedFirstPage(db, { name: 'profiles_walk_first_page', table: profiles, list, pageSize: query.pageSize }),
      }),
  });
  return {
    items: rows.map((row) => toCard(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
