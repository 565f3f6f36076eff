/**
 * Taking part in an event (docs/product.md#events): a registration per person and event, with a
 * per-event looking flag (null: as the profile says) and a line on what the person wants to do.
 * Other features ask here whether someone takes part, register people who act in an event while
 * its registration is open, and filter their lists by event.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RegistrationView } from '../../../shared/api/events';
import type { RegistrationSchema } from '../../../shared/event-schemas';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import { writtenLimit } from '../../api/paging';
import { unseenByPlanner } from '../../api/first-pages';
import { queryRows, type Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { uuidArray } from '../../db/arrays';
import { lockPerson, people } from '../../db/people';
import { events, registrations, type Event } from '../../db/schema';
import { bannedFrom, isBanned } from '../safety';
import { queueWebhooks } from '../webhooks';
import { isPublic, isRegistrationOpen, whyNotPublic } from './rules';

/** A registration as its owner sees it; the looking flag as it stands (the profile's when not set here). */
export async function registrationOf(db: Db, eventId: string, profileId: string): Promise<RegistrationView | null> {
  // An event's page reads it for each signed-in viewer: a named statement (db/prepared.ts).
  const [row] = await prepared(db, 'registration_of', (db, name) =>
    db
      .select({
        looking: sql<boolean>`coalesce(${registrations.looking}, ${people.lookingForTeam})`,
        intent: registrations.intent,
        createdAt: registrations.createdAt,
        lookingSince: registrations.lookingSince,
      })
      .from(registrations)
      .innerJoin(people.table, eq(people.id, registrations.profileId))
      .where(and(eq(registrations.eventId, sql.placeholder('eventId')), eq(registrations.profileId, sql.placeholder('profileId'))))
      .prepare(name),
  ).execute({ eventId, profileId });
  return row ? { ...row, createdAt: row.createdAt.toISOString(), lookingSince: row.lookingSince.toISOString() } : null;
}

/**
 * Takes part, or changes how: a new registration only while registration is open; the looking flag
 * and the line can change at any time.
 */
export async function register(
  db: Db,
  event: Event,
  profileId: string,
  input: z.infer<typeof RegistrationSchema>,
): Promise<Outcome<{ registration: RegistrationView }>> {
  // Saying 'looking' again renews it: its age starts over (docs/product.md#freshness).
  const changes = {
    ...(input.looking !== undefined && { looking: input.looking }),
    ...(input.looking === true && { lookingSince: new Date() }),
    intent: input.intent,
    updatedAt: new Date(),
  };
  // The person first: the registration's triggers update their profile (lockPerson).
  const [updated] = await db.transaction(async (tx) => {
    await lockPerson(tx, profileId);
    return tx
      .update(registrations)
      .set(changes)
      .where(and(eq(registrations.eventId, event.id), eq(registrations.profileId, profileId)))
      .returning({ profileId: registrations.profileId });
  });
  if (!updated) {
    if (!isPublic(event)) return refused('event_not_public', whyNotPublic(event));
    if (await isBanned(db, profileId, event.id)) return refused('banned_from_event', { event: event.name });
    if (!isRegistrationOpen(event)) return refused('registration_closed', { event: event.name });
    // The registration and what the event's webhooks are told of it: both or neither.
    const added = await inTransaction(db, async (tx) => {
      // The person first here too: the insert's triggers take the event's row, then their profile.
      await lockPerson(tx, profileId);
      const added = await tx
        .insert(registrations)
        .values({ eventId: event.id, profileId, looking: input.looking ?? null, intent: input.intent })
        .onConflictDoNothing()
        .returning({ profileId: registrations.profileId });
      if (added.length) {
        await stillPublic(tx, event);
        await registrationWebhook(tx, event.id, profileId, 'registered');
      } else
        await tx
          .update(registrations)
          .set(changes)
          .where(and(eq(registrations.eventId, event.id), eq(registrations.profileId, profileId)));
      return done();
    });
    if (!added.ok) return added;
  }
  return done({ registration: (await registrationOf(db, event.id, profileId))! });
}

/**
 * A person's standing in a public event, in one statement (every team created, request, acceptance
 * and organizer's move reads it): banned from it or from the platform, and taking part. No one acts
 * in a draft or a hidden event: its teams would be seen by no one but its staff.
 */
async function standingIn(tx: Db, event: Event, profileId: string): Promise<Outcome<{ banned: boolean; registered: boolean }>> {
  if (!isPublic(event)) return refused('event_not_public', whyNotPublic(event));
  const [standing] = await queryRows<{ banned: boolean; registered: boolean }>(
    tx,
    sql`select ${bannedFrom(profileId, event.id)} as banned, exists (select 1 from ${registrations}
      where ${and(eq(registrations.eventId, event.id), eq(registrations.profileId, profileId))}) as registered`,
  );
  return done(standing);
}

/**
 * Makes sure the person takes part before they act in the event (ask to join, accept, create a
 * team): registers them while registration is open, with the looking flag following their profile.
 */
export async function ensureRegistered(tx: Db, event: Event, profileId: string): Promise<Outcome> {
  // A person banned from the event does not act in it (docs/product.md#moderation).
  const standing = await standingIn(tx, event, profileId);
  if (!standing.ok) return standing;
  if (standing.banned) return refused('banned_from_event', { event: event.name });
  if (standing.registered) return done();
  if (!isRegistrationOpen(event)) return refused('registration_closed', { event: event.name });
  const added = await tx
    .insert(registrations)
    .values({ eventId: event.id, profileId })
    .onConflictDoNothing()
    .returning({ id: registrations.profileId });
  if (added.length) {
    await stillPublic(tx, event);
    await registrationWebhook(tx, event.id, profileId, 'registered');
  }
  return done();
}

/**
 * After a new registration, in its transaction: the event is still public, or the transaction is
 * rolled back (the caller runs it through inTransaction). The registration's trigger has taken the
 * event's row to count it, so the event is read as last committed and cannot change before this
 * commits: an owner's 'Unpublish' that came first is seen here, and one that comes after waits and
 * then finds a registrant (updateEvent).
 */
async function stillPublic(tx: Db, event: Event): Promise<void> {
  const [now] = await tx.select({ state: events.state, hidden: events.hidden }).from(events).where(eq(events.id, event.id));
  if (!now || !isPublic(now))
    throw new Rollback(refused('event_not_public', whyNotPublic({ name: event.name, hidden: now?.hidden ?? event.hidden })));
}

/**
 * Whether an organizer may put this person in one of the event's teams: the event is public (no one
 * takes part in a draft or a hidden event), and the person takes part in it, whatever its dates, and
 * is not banned from it or from the platform. No one is registered on another's behalf: their email
 * would reach the event's staff, and they chose no event.
 */
export async function mayBeMovedIn(tx: Db, event: Event, profileId: string): Promise<Outcome> {
  const standing = await standingIn(tx, event, profileId);
  if (!standing.ok) return standing;
  if (standing.banned) return refused('person_banned_from_event', { event: event.name });
  if (!standing.registered) return refused('person_not_taking_part', { event: event.name });
  return done();
}

/** For a statement of another feature: whether the two people take part in a common event (the 'who may contact me' setting 'events'). */
export const shareAnEvent = (a: string, b: string) =>
  sql<boolean>`exists (select 1 from ${registrations} mine join ${registrations} theirs on theirs.event_id = mine.event_id
    where mine.profile_id = ${a} and theirs.profile_id = ${b})`;

/**
 * An event both people take part in, or null: one not over yet first (its moderators are at work:
 * a profile reported there reaches them, not a past event's queue), then the latest `a` joined.
 */
export async function commonEvent(db: Db, a: string, b: string): Promise<string | null> {
  const [row] = await db
    .select({ eventId: registrations.eventId })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.profileId, a),
        sql`${registrations.eventId} in (select r.event_id from ${registrations} r where r.profile_id = ${b})`,
      ),
    )
    .orderBy(sql`coalesce(${events.awardsAt}, ${events.submissionDeadline}) <= now()`, sql`${registrations.createdAt} desc`)
    .limit(1);
  return row?.eventId ?? null;
}

/** Whether the person takes part in the event. */
export async function takesPart(db: Db, eventId: string, profileId: string): Promise<boolean> {
  const [row] = await db
    .select({ profileId: registrations.profileId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.profileId, profileId)));
  return Boolean(row);
}

/** The registration goes (the caller has taken the person out of the event's teams first). */
export async function deregister(tx: Db, eventId: string, profileId: string): Promise<void> {
  const gone = await tx
    .delete(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.profileId, profileId)))
    .returning({ id: registrations.profileId });
  if (gone.length) await registrationWebhook(tx, eventId, profileId, 'left');
}

/** The event's webhooks hear that someone took part or left (docs/product.md#webhooks), in the caller's transaction. */
async function registrationWebhook(tx: Db, eventId: string, profileId: string, action: 'registered' | 'left'): Promise<void> {
  const [person] = await tx.select({ name: people.name }).from(people.table).where(eq(people.id, profileId));
  await queueWebhooks(tx, eventId, 'registration', { profileId, name: person?.name ?? null, action });
}

/**
 * In a team in the event, the person is no longer looking there. When they join one, a flag that
 * follows the profile follows it off (joining turns the profile's flag off) and one set for the
 * event goes off; when they create one, the profile's flag stays, so the event's is set off.
 */
export async function stopLookingIn(tx: Db, eventId: string, profileId: string, opts: { evenIfFollowingProfile?: boolean } = {}) {
  const mine = and(eq(registrations.eventId, eventId), eq(registrations.profileId, profileId));
  await tx
    .update(registrations)
    .set({ looking: false, updatedAt: new Date() })
    .where(opts.evenIfFollowingProfile ? mine : and(mine, eq(registrations.looking, true)));
}

/**
 * The event as a one-element uuid[] for the tests below: its id as a parameter, or, in a named
 * statement, the placeholder of its id (api/first-pages.ts firstPageStatement).
 */
const oneEvent = (eventId: string | Placeholder): SQL =>
  typeof eventId === 'string' ? uuidArray([eventId]) : sql`array[${eventId}::uuid]`;

/**
 * For lists filtered by event: the person's row says they take part in the event (`eventIds`, the
 * profile's event_ids), or with `looking`, that they look for a team there (`lookingEventIds`, kept
 * from the registration's flag or the profile's: migration 0016). A test of the row the list reads.
 * With `walk`, for a statement that walks the list's own index: `= any()`, which no index serves
 * and costs less on each row walked than containment, with the event's id as a subquery, so that
 * PostgreSQL estimates every event alike: a named statement (a first page) then keeps its plan for
 * any event instead of planning each request again (0.59 against 0.50 ms a page of the large event).
 * With `most`, for an event that holds most people, where no index on events would narrow the rows:
 * `= any()` too, with the id as it is.
 */
export function takesPartIn(
  eventId: string | Placeholder,
  columns: { eventIds: AnyPgColumn; lookingEventIds: AnyPgColumn },
  { looking = false, walk = false, most = false } = {},
): SQL {
  const held = looking ? columns.lookingEventIds : columns.eventIds;
  if (walk) return sql`${unseenByPlanner(eventId, 'uuid')} = any(${held})`;
  const inHeld = most ? sql`${eventId}::uuid = any(${held})` : sql`${held} @> ${oneEvent(eventId)}`;
  // Looking somewhere, said again in the terms of the index of the combined filter in an event (migration 0016).
  return looking ? sql`(${inHeld} and ${held} <> '{}'::uuid[])` : inHeld;
}

/**
 * The newest `count` people taking part in an event (newest profile first, as lists order people):
 * the event's own index of its registrations in that order (registrations_event_newest_idx), so a
 * page of an event's people reads a page of registrations, however many there are.
 */
export function newestRegistrants(eventId: string | Placeholder, count: number): SQL {
  return sql`(select ${registrations.profileId} from ${registrations} where ${registrations.eventId} = ${eventId}
    order by ${registrations.profileCreatedAt} desc nulls last, ${registrations.profileId} desc nulls last
    limit ${writtenLimit(count)})`;
}

/** The registrations of these people in one event: who takes part, and whether they are looking there. */
export async function registrationsIn(db: Db, eventId: string, profileIds: string[]) {
  if (profileIds.length === 0) return new Map<string, boolean>();
  const rows = await db
    .select({ profileId: registrations.profileId, looking: sql<boolean>`coalesce(${registrations.looking}, ${people.lookingForTeam})` })
    .from(registrations)
    .innerJoin(people.table, eq(people.id, registrations.profileId))
    .where(and(eq(registrations.eventId, eventId), sql`${registrations.profileId} = any(${uuidArray(profileIds)})`));
  return new Map(rows.map((r) => [r.profileId, r.looking]));
}

/** For matching: the events a person (a column of the outer query) takes part in and looks for a team in. */
export function eventsLookingIn(profileId: AnyPgColumn, profileLooking: AnyPgColumn): SQL<string[]> {
  return sql<string[]>`coalesce((select json_agg(r.event_id) from ${registrations} r
    where r.profile_id = ${profileId} and coalesce(r.looking, ${profileLooking})), '[]'::json)`;
}

/** For matching: whether the person looks for a team in some event they take part in. */
export function looksInSomeEvent(profileId: AnyPgColumn, profileLooking: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${registrations} r where r.profile_id = ${profileId} and coalesce(r.looking, ${profileLooking}))`;
}
