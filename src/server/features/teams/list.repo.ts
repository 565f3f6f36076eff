/**
 * Browsing teams: a page of team cards, newest first or (sync) oldest change first, filtered by a
 * search, 'open only' and an event, with each card's event (eventRefsById) and a hidden description.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TeamList } from '../../../shared/api/teams';
import type { TeamListQuery } from '../../../shared/schemas';
import { HIDDEN_TEXT } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { uuidArrayText } from '../../db/arrays';
import { teams } from '../../db/schema';
import type { CountCache } from '../../api/counts';
import { changedSincePage, escapeLike, newestFirstPage, type ListQuery } from '../../api/paging';
import { changedSince, firstPageStatement, unseenByPlanner, walkedFirstPage } from '../../api/first-pages';
import { eventRefsById, listedEventIdBySlug, unlistedEventsWithTeams } from '../events';
import { cardRowColumns, toCard, type CardRow } from './teams.repo';

// The event's reference comes from the instance's kept references (eventRefsById), by the card's event id.
const listColumns = { ...cardRowColumns, eventId: teams.eventId };
type ListRow = CardRow & { eventId: string };

/**
 * The first page of every team, or of every team in an event, newest first or (for sync) oldest
 * change since `since` first: one named statement (api/first-pages.ts
 * firstPageStatement). The event's id is given through a scalar subquery, so PostgreSQL plans
 * every event alike (by the event's own index) and keeps that plan, instead of planning each
 * request again to see how large the event is.
 */
function everyTeamFirstPage(
  db: Db,
  eventId: string | undefined,
  unlisted: string | undefined,
  pageSize: number,
  since: string | undefined,
) {
  return firstPageStatement(db, {
    name: `teams_first_page${eventId ? '_in_event' : ''}${unlisted ? '_listed' : ''}${since ? '_since' : ''}`,
    table: teams,
    shape: () => ({
      columns: listColumns,
      where: and(
        eventId ? eq(teams.eventId, unseenByPlanner(sql.placeholder('event'), 'uuid')) : undefined,
        unlisted ? listedOnly : undefined,
        since ? changedSince(teams.changedAt) : undefined,
      ),
    }),
    order: since ? 'oldest change first' : 'newest first',
    pageSize,
  }).execute({ event: eventId, unlisted, since: since && new Date(since).toISOString() }) as Promise<ListRow[]>;
}

/** Over all events: not the teams of an event hidden by an admin (or a draft), given as `unlisted`. */
const listedOnly = sql`${teams.eventId} <> all(${sql.placeholder('unlisted')}::uuid[])`;

export async function listTeams(db: Db, query: TeamListQuery, countCache?: CountCache): Promise<TeamList> {
  // A draft or hidden event lists no teams; over all events, theirs are left out.
  const eventId = query.event ? await listedEventIdBySlug(db, query.event) : undefined;
  if (eventId === null) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const hiddenEvents = eventId ? [] : await unlistedEventsWithTeams(db);
  const unlisted = hiddenEvents.length ? uuidArrayText(hiddenEvents) : undefined;
  // search_text is lower(name || ' ' || description), indexed with trigrams for LIKE.
  const term = query.q?.toLowerCase();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  // Every team, or every team in an event: no filter but the event (and for sync, the instant).
  const everyTeam = !pattern && !query.open;
  const list: ListQuery = {
    name: [pattern && 'search', query.open && 'open', eventId && 'event', unlisted && 'listed'].filter(Boolean).join(','),
    shape: (walk) => ({
      columns: listColumns,
      where: and(
        // To walk, the term as a plain substring test, which no index serves: PostgreSQL then walks
        // as the count chose (and a plan kept for any term walks too: api/first-pages.ts walkedFirstPage), where through
        // LIKE its trigram estimate of a term's matches may pick collecting them all.
        pattern
          ? walk
            ? sql`strpos(${teams.searchText}, ${sql.placeholder('term')}) > 0`
            : sql`${teams.searchText} like ${sql.placeholder('pattern')}`
          : undefined,
        // Open to new members: recruiting, and not full. Written out, not a value sent beside the
        // statement: a kept plan then knows it as each request's plan does (with `true` as a value,
        // PostgreSQL planned every request again, its plan for any value costing more).
        ...(query.open ? [sql`${teams.isOpen} = true`, sql`${teams.memberCount} < ${teams.maxSize}`] : []),
        // To collect or count, the event's id itself: PostgreSQL plans each request for its value,
        // so it knows a large event from a small one. To walk, a subquery: PostgreSQL then walks the
        // event's own index, not every team's, passing no team of another event (seen: a search in
        // the bench's large event passed all 475 teams of the small ones, newer than its own).
        eventId ? eq(teams.eventId, walk ? unseenByPlanner(sql.placeholder('event'), 'uuid') : sql.placeholder('event')) : undefined,
        unlisted ? listedOnly : undefined,
      ),
    }),
    params: { pattern, term, event: eventId, unlisted },
  };
  const page = {
    table: teams,
    list,
    page: query.page,
    pageSize: query.pageSize,
    countKey: `teams:${JSON.stringify([query.q?.toLowerCase() ?? '', query.open, query.event ?? '', unlisted ?? ''])}`,
    counts: countCache,
  };
  const firstPage = everyTeam
    ? () => everyTeamFirstPage(db, eventId, unlisted, query.pageSize, query.updatedSince)
    : query.updatedSince
      ? undefined
      : // A search or open teams (in an event or not): its walk's forms give PostgreSQL nothing to plan by.
        () =>
          walkedFirstPage<ListRow>(db, {
            name: 'teams_walk_first_page',
            table: teams,
            list,
            pageSize: query.pageSize,
          });
  const { rows, total } = query.updatedSince
    ? await changedSincePage<ListRow>(db, { ...page, since: query.updatedSince, firstPage })
    : await newestFirstPage<ListRow>(db, { ...page, firstPage });
  // Events are never deleted: every team's event is there.
  const refs = await eventRefsById(
    db,
    rows.map((row) => row.eventId),
  );
  const items = rows.map((row) => {
    const card = toCard(row, refs.get(row.eventId)!);
    if (row.descriptionHidden) card.description = HIDDEN_TEXT;
    return card;
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}
