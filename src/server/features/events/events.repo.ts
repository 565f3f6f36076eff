/**
 * Events (docs/product.md#events): browsing, one event's page, creating and editing, the featured
 * event. A draft is seen by its staff only; an event a platform admin hid, by its staff and admins.
 */
import { and, asc, desc, eq, gte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { EventCard, EventDetail, EventList } from '../../../shared/api/events';
import type { EventRole } from '../../../shared/constants';
import { eventDateIssues, type CreateEventSchema, type EventListQuery, type UpdateEventInput } from '../../../shared/event-schemas';
import type { z } from 'zod';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { PAGE_LIMIT, PAGE_OFFSET } from '../../api/paging';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { eventStaff, events, registrations, type Event } from '../../db/schema';
import { registrationOf } from './registration.repo';
import { datesOf, isFormationLocked, isPublic, isRegistrationOpen, phaseOf, registrationNeverCloses } from './rules';
import { forgetEvent, publicEvent } from './lookups.repo';
import { staffRoleOf } from './staff.repo';
import { LEGACY_EVENT_ID } from '../../../shared/events';

/** Who is asking: their profile (null: signed out) and whether they are a platform admin. */
export interface EventViewer {
  profileId: string | null;
  isAdmin: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const endsAt = sql`coalesce(${events.awardsAt}, ${events.submissionDeadline})`;

/** The columns of an event's card (toCard): what the events list reads of each. */
const cardColumns = {
  slug: events.slug,
  name: events.name,
  tagline: events.tagline,
  location: events.location,
  timezone: events.timezone,
  registrationOpensAt: events.registrationOpensAt,
  registrationClosesAt: events.registrationClosesAt,
  formationDeadline: events.formationDeadline,
  buildStartsAt: events.buildStartsAt,
  submissionDeadline: events.submissionDeadline,
  awardsAt: events.awardsAt,
  state: events.state,
  hidden: events.hidden,
  registrantCount: events.registrantCount,
  teamCount: events.teamCount,
  changedAt: events.changedAt,
};

export function toCard(event: Pick<Event, keyof typeof cardColumns>, now = new Date()): EventCard {
  return {
    slug: event.slug,
    name: event.name,
    tagline: event.tagline,
    location: event.location,
    timezone: event.timezone,
    buildStartsAt: event.buildStartsAt.toISOString(),
    submissionDeadline: event.submissionDeadline.toISOString(),
    awardsAt: iso(event.awardsAt),
    phase: phaseOf(event, now),
    state: event.state,
    hidden: event.hidden,
    registrantCount: event.registrantCount,
    teamCount: event.teamCount,
    updatedAt: event.changedAt.toISOString(),
  };
}

/**
 * The event at this address, whoever asks (null: none): every route of an event reads it first
 * (guards.ts inEvent), so it is a named statement (db/prepared.ts), built and planned once.
 */
export async function eventBySlug(db: Db, slug: string): Promise<Event | null> {
  const [event] = await prepared(db, 'event_by_slug', (db, name) =>
    db
      .select()
      .from(events)
      .where(eq(events.slug, sql.placeholder('slug')))
      .prepare(name),
  ).execute({ slug: slug.toLowerCase() });
  return event ?? null;
}

export async function eventById(db: Db, id: string): Promise<Event | null> {
  const [event] = await prepared(db, 'event_by_id', (db, name) =>
    db
      .select()
      .from(events)
      .where(eq(events.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  return event ?? null;
}

/** Whether the viewer may see the event at all: published and not hidden, or they work on it, or an admin. */
export const visibleTo = (event: Event, role: EventRole | null, isAdmin: boolean) => isAdmin || role !== null || isPublic(event);

/** The event if the viewer may see it, with their role there (null: as if it did not exist). */
export async function visibleEvent(db: Db, slug: string, viewer: EventViewer): Promise<{ event: Event; role: EventRole | null } | null> {
  const event = await eventBySlug(db, slug);
  if (!event) return null;
  const role = viewer.profileId ? await staffRoleOf(db, event.id, viewer.profileId) : null;
  return visibleTo(event, role, viewer.isAdmin) ? { event, role } : null;
}

export async function eventDetail(db: Db, event: Event, role: EventRole | null, viewer: EventViewer): Promise<EventDetail> {
  const now = new Date();
  const registration = viewer.profileId ? await registrationOf(db, event.id, viewer.profileId) : null;
  const dates = datesOf(event);
  return {
    ...toCard(event, now),
    description: event.description,
    registrationOpensAt: dates.registrationOpensAt,
    registrationClosesAt: dates.registrationClosesAt,
    formationDeadline: dates.formationDeadline,
    teamSizeMin: event.teamSizeMin,
    teamSizeMax: event.teamSizeMax,
    teamsPerPerson: event.teamsPerPerson,
    lookingLapseDays: event.lookingLapseDays,
    prizePool: event.prizePool,
    schedule: event.schedule,
    siteUrl: event.siteUrl,
    registrationOpen: isPublic(event) && isRegistrationOpen(event, now),
    registrationNeverCloses: registrationNeverCloses(event),
    formationLocked: isFormationLocked(event, now),
    createdAt: event.createdAt.toISOString(),
    viewer: { registration, staffRole: role, isAdmin: viewer.isAdmin },
  };
}

/** One page of events: published ones by phase (soonest first, past ones latest first), or the viewer's own. */
export async function listEvents(db: Db, query: EventListQuery, viewerProfileId: string | null): Promise<EventList> {
  if (query.mine && !viewerProfileId) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  // Built once per shape of the query (its values are placeholders), as the other lists' statements (api/paging.ts).
  const shape = [
    query.mine ? 'mine' : 'published',
    query.joinable && (viewerProfileId ? 'joinable' : 'joinable signed out'),
    query.phase,
    query.updatedSince && 'since',
  ];
  const name = `events_list:${shape.filter(Boolean).join(',')}`;
  const viewer = viewerProfileId ? sql.placeholder('viewer') : null;
  const where = () =>
    and(
      query.mine
        ? // One they take part in, also once an admin hid it (to leave it): no one takes part in a draft.
          sql`(exists (select 1 from ${eventStaff} s where s.event_id = ${events.id} and s.profile_id = ${viewer})
            or exists (select 1 from ${registrations} r where r.event_id = ${events.id} and r.profile_id = ${viewer}))`
        : publicEvent,
      query.joinable ? joinableWhere(viewer) : undefined,
      query.phase === 'upcoming' ? sql`now() < ${events.buildStartsAt}` : undefined,
      query.phase === 'running' ? sql`${events.buildStartsAt} <= now() and now() < ${endsAt}` : undefined,
      query.phase === 'past' ? sql`${endsAt} <= now()` : undefined,
      // Sync: changed at or after the instant, oldest change first (docs/decisions/027-sync.md).
      query.updatedSince ? gte(events.changedAt, sql`${sql.placeholder('since')}::timestamptz`) : undefined,
    );
  const order = () => {
    const ended = sql`(${endsAt} <= now())`;
    return query.updatedSince
      ? [asc(events.changedAt), asc(events.id)]
      : [asc(ended), sql`case when ${ended} then null else ${events.buildStartsAt} end asc`, desc(events.buildStartsAt), asc(events.id)];
  };
  const values = {
    viewer: viewerProfileId,
    since: query.updatedSince && new Date(query.updatedSince).toISOString(),
    pageLimit: query.pageSize,
    pageOffset: (query.page - 1) * query.pageSize,
  };
  const [rows, [{ total }]] = await Promise.all([
    prepared(db, `${name}:page`, (db, statement) =>
      db
        .select(cardColumns)
        .from(events)
        .where(where())
        .orderBy(...order())
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET)
        .prepare(statement),
    ).execute(values),
    prepared(db, `${name}:count`, (db, statement) =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(events)
        .where(where())
        .prepare(statement),
    ).execute(values),
  ]);
  const now = new Date();
  return { items: rows.map((e) => toCard(e, now)), total, page: query.page, pageSize: query.pageSize };
}

type NewEvent = z.output<typeof CreateEventSchema>;
const stored = (input: Partial<NewEvent>) => {
  const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
  return {
    ...input,
    registrationOpensAt: date(input.registrationOpensAt),
    registrationClosesAt: date(input.registrationClosesAt),
    formationDeadline: date(input.formationDeadline),
    buildStartsAt: input.buildStartsAt === undefined ? undefined : new Date(input.buildStartsAt),
    submissionDeadline: input.submissionDeadline === undefined ? undefined : new Date(input.submissionDeadline),
    awardsAt: date(input.awardsAt),
  };
};

/** A new event, a draft, with its creator as owner. */
export async function createEvent(db: Db, creatorProfileId: string, input: NewEvent): Promise<Outcome<{ slug: string }>> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({ ...stored(input), slug: input.slug, state: 'draft' } as typeof events.$inferInsert)
      .onConflictDoNothing()
      .returning({ id: events.id, slug: events.slug });
    if (!event) return refused('slug_taken');
    await tx.insert(eventStaff).values({ eventId: event.id, profileId: creatorProfileId, role: 'owner' });
    return done({ slug: event.slug });
  });
}

/** An organizer's edit, checked as a whole with what it does not change; `hidden` only by an admin. */
export async function updateEvent(
  db: Db,
  event: Event,
  role: EventRole | null,
  isAdmin: boolean,
  input: UpdateEventInput,
): Promise<Outcome<{ event: Event }>> {
  const { hidden, state, ...fields } = input;
  const editing = Object.keys(fields).length > 0 || state !== undefined;
  // Its owners and organizers edit it; anyone else changes nothing (an admin only hides or unhides it).
  if ((editing || hidden === undefined) && role !== 'owner' && role !== 'organizer') return refused('not_event_staff');
  if (hidden !== undefined && !isAdmin) return refused('not_admin');
  if (!editing && hidden === undefined) return done({ event });
  const merged = { ...datesOf(event), teamSizeMin: event.teamSizeMin, teamSizeMax: event.teamSizeMax, ...fields };
  const issue = eventDateIssues(merged as Parameters<typeof eventDateIssues>[0])[0];
  if (issue) return refused('event_dates', { message: issue.message, field: issue.field });
  // Back to a draft only while no one takes part: a draft's teams and people would be seen by its staff only.
  const unpublishing = state === 'draft' && event.state !== 'draft';
  const saved = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(events)
      .set({
        ...stored(fields),
        ...(state && { state }),
        ...(hidden !== undefined && { hidden }),
        // Featured is for a public event: one going back to a draft or hidden stops being it.
        ...((state === 'draft' || hidden === true) && { featured: false }),
        updatedAt: new Date(),
      })
      // Checked on the row as last committed: a registration that holds it is waited for, then counted.
      .where(and(eq(events.id, event.id), unpublishing ? sql`${events.registrantCount} = 0 and ${events.teamCount} = 0` : undefined))
      .returning();
    return row ? done({ event: row }) : refused('event_has_participants', { event: event.name });
  });
  // After the commit: a page read meanwhile would have kept the old name, or the old state, again.
  forgetEvent(db, event);
  return saved;
}

/** The event /hackathon shows, and a team made without naming an event goes to: the featured one, if it is public. */
export async function featuredEvent(db: Db): Promise<Event | null> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.featured, true), publicEvent));
  return event ?? null;
}

/** A platform admin chooses the featured event (published and not hidden). */
export async function setFeatured(db: Db, slug: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    const event = await eventBySlug(tx, slug);
    if (!event || !isPublic(event)) return refused('event_not_found');
    await tx.update(events).set({ featured: false }).where(eq(events.featured, true));
    await tx.update(events).set({ featured: true }).where(eq(events.id, event.id));
    return done();
  });
}

/**
 * The events whose teams a person could join now: published, teams not locked, and they take part
 * or registration is open ('Teams that need you' looks there, and the event picker of a new team):
 * isRegistrationOpen's rule (rules.ts) in SQL.
 * Signed out: the events anyone could join after signing up.
 */
const joinableWhere = (profileId: string | Placeholder | null) => sql`${publicEvent}
  and (${events.formationDeadline} is null or now() < ${events.formationDeadline})
  and (${profileId === null ? sql`false` : sql`exists (select 1 from ${registrations} r where r.event_id = ${events.id} and r.profile_id = ${profileId})`}
    or ((${events.registrationOpensAt} is null or ${events.registrationOpensAt} <= now())
      and (now() < coalesce(${events.registrationClosesAt}, ${events.awardsAt}, ${events.submissionDeadline})
        -- registrationNeverCloses (rules.ts)
        or (${events.registrationClosesAt} is null and ${events.id} = ${LEGACY_EVENT_ID}))))`;

/**
 * For a statement of another feature: the ids of the events whose teams the person could join now,
 * as a JSON array ('Teams that need you'); given how many teams of each event they are in (a JSON
 * object, event id to count: the teams feature's), also not those where that is all the event allows
 * (a request there would be refused).
 */
export const joinableEventIdsOf = (profileId: Placeholder, teamsPerEvent?: SQL) =>
  sql<string[]>`coalesce((select json_agg(${events.id}) from ${events} where ${joinableWhere(profileId)}${
    teamsPerEvent
      ? sql` and (${events.teamsPerPerson} is null or ${events.teamsPerPerson} > coalesce((${teamsPerEvent} ->> ${events.id}::text)::int, 0))`
      : sql``
  }), '[]'::json)`;
