/**
 * Who works on an event (docs/product.md#events): owners, who also name the staff, organizers and
 * moderators. An event always keeps an owner. Owners and organizers see the emails of the staff who
 * take part in the event (as they see every registrant's), and everyone their own; not those of people added by their
 * profile only, or anyone could make an event, add a stranger and read their email. Adding someone
 * by email finds only a registrant, so no one learns who else has an account.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StaffMember } from '../../../shared/api/events';
import type { EventRole } from '../../../shared/constants';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { queryRows, type Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { people } from '../../db/people';
import { eventStaff, events, registrations } from '../../db/schema';

export async function staffRoleOf(db: Db, eventId: string, profileId: string): Promise<EventRole | null> {
  // Every event route asks it of a signed-in viewer (guards.ts inEvent): a named statement (db/prepared.ts).
  const [row] = await prepared(db, 'event_staff_role', (db, name) =>
    db
      .select({ role: eventStaff.role })
      .from(eventStaff)
      .where(and(eq(eventStaff.eventId, sql.placeholder('eventId')), eq(eventStaff.profileId, sql.placeholder('profileId'))))
      .prepare(name),
  ).execute({ eventId, profileId });
  return row?.role ?? null;
}

/** Which of these people are on the event's staff (any role): one statement for a list of them. */
export async function staffAmong(db: Db, eventId: string, profileIds: string[]): Promise<Set<string>> {
  if (profileIds.length === 0) return new Set();
  const rows = await db
    .select({ id: eventStaff.profileId })
    .from(eventStaff)
    .where(and(eq(eventStaff.eventId, eventId), inArray(eventStaff.profileId, profileIds)));
  return new Set(rows.map((r) => r.id));
}

/** The events the person is on the staff of (any role), by name. */
export async function staffEventsOf(db: Db, profileId: string): Promise<{ slug: string; name: string }[]> {
  return db
    .select({ slug: events.slug, name: events.name })
    .from(eventStaff)
    .innerJoin(events, eq(events.id, eventStaff.eventId))
    .where(eq(eventStaff.profileId, profileId))
    .orderBy(asc(events.name));
}

/**
 * A staff member as `viewerId` sees them: the email only their own, or, to those who see registrants'
 * emails (owners and organizers, in the exports), of someone taking part in the event.
 */
const memberColumns = (viewerId: string, seesRegistrantEmails = true) => ({
  person: people.ref,
  email: sql<string | null>`case when ${eventStaff.profileId} = ${viewerId}${
    seesRegistrantEmails
      ? sql` or exists (select 1 from ${registrations} r where r.event_id = ${eventStaff.eventId} and r.profile_id = ${eventStaff.profileId})`
      : sql``
  } then ${people.email} end`,
  role: eventStaff.role,
  addedAt: eventStaff.createdAt,
});
const toMember = (r: { person: StaffMember['person']; email: string | null; role: EventRole; addedAt: Date }): StaffMember => ({
  ...r,
  addedAt: r.addedAt.toISOString(),
});

export async function staffOf(db: Db, eventId: string, viewerId: string, seesRegistrantEmails: boolean): Promise<StaffMember[]> {
  const rows = await db
    .select(memberColumns(viewerId, seesRegistrantEmails))
    .from(eventStaff)
    .innerJoin(people.table, eq(people.id, eventStaff.profileId))
    .where(eq(eventStaff.eventId, eventId))
    .orderBy(sql`array_position(array['owner','organizer','moderator'], ${eventStaff.role})`, asc(people.name));
  return rows.map(toMember);
}

async function memberOf(db: Db, eventId: string, profileId: string, viewerId: string): Promise<StaffMember | null> {
  const [row] = await db
    .select(memberColumns(viewerId))
    .from(eventStaff)
    .innerJoin(people.table, eq(people.id, eventStaff.profileId))
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.profileId, profileId)));
  return row ? toMember(row) : null;
}

/** Locks the event's row: staff changes to one event run one after the other, so it never loses its last owner. */
const lockEvent = (tx: Db, eventId: string) => tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');

/** An owner adds someone: by profile id, or by the email of one of the event's registrants. */
export async function addStaff(
  db: Db,
  eventId: string,
  input: { profileId?: string; email?: string; role: EventRole },
  viewerId: string,
): Promise<Outcome<{ member: StaffMember }>> {
  let profileId = input.profileId;
  if (!profileId) {
    const [found] = await db
      .select({ id: people.id })
      .from(registrations)
      .innerJoin(people.table, eq(people.id, registrations.profileId))
      .where(and(eq(registrations.eventId, eventId), sql`lower(${people.email}) = ${input.email!.toLowerCase()}`));
    if (!found) return refused('registrant_not_found');
    profileId = found.id;
  } else {
    const [found] = await db.select({ id: people.id }).from(people.table).where(eq(people.id, profileId));
    if (!found) return refused('profile_not_found');
  }
  const [added] = await db
    .insert(eventStaff)
    .values({ eventId, profileId, role: input.role })
    .onConflictDoNothing()
    .returning({ profileId: eventStaff.profileId });
  if (!added) return refused('already_staff');
  return done({ member: (await memberOf(db, eventId, profileId, viewerId))! });
}

/** Whether anyone but `profileId` owns the event (read under the event's lock). */
async function otherOwnerExists(tx: Db, eventId: string, profileId: string) {
  const [row] = await tx
    .select({ id: eventStaff.profileId })
    .from(eventStaff)
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.role, 'owner'), ne(eventStaff.profileId, profileId)))
    .limit(1);
  return Boolean(row);
}

export async function setStaffRole(
  db: Db,
  eventId: string,
  profileId: string,
  role: EventRole,
  viewerId: string,
): Promise<Outcome<{ member: StaffMember }>> {
  return inTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    const now = await staffRoleOf(tx, eventId, profileId);
    if (!now) return refused('staff_not_found');
    if (now === 'owner' && role !== 'owner' && !(await otherOwnerExists(tx, eventId, profileId))) return refused('last_owner');
    await tx
      .update(eventStaff)
      .set({ role })
      .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.profileId, profileId)));
    return done({ member: (await memberOf(tx, eventId, profileId, viewerId))! });
  });
}

export async function removeStaff(db: Db, eventId: string, profileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    await lockEvent(tx, eventId);
    const now = await staffRoleOf(tx, eventId, profileId);
    if (!now) return refused('staff_not_found');
    if (now === 'owner' && !(await otherOwnerExists(tx, eventId, profileId))) return refused('last_owner');
    await tx.delete(eventStaff).where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.profileId, profileId)));
    return done();
  });
}

/**
 * Before a person's account goes: each event they are the only owner of passes to the longest-standing
 * of its other staff, an organizer before a moderator, so an event keeps an owner as long as it has
 * staff (an event with no one else keeps none: platform admins can still hide it).
 */
export async function handOverEventsOf(tx: Db, profileId: string): Promise<Array<{ profileId: string; slug: string; name: string }>> {
  // The new owners, with the event's slug and name: the caller tells them.
  return queryRows(
    tx,
    sql`update ${eventStaff} s set role = 'owner' from ${events} e
    where e.id = s.event_id and (s.event_id, s.profile_id) in (
      select distinct on (o.event_id) o.event_id, o.profile_id from ${eventStaff} o
       where o.profile_id <> ${profileId}
         and o.event_id in (select m.event_id from ${eventStaff} m where m.profile_id = ${profileId} and m.role = 'owner')
         and not exists (select 1 from ${eventStaff} x where x.event_id = o.event_id and x.role = 'owner' and x.profile_id <> ${profileId})
       order by o.event_id, array_position(array['organizer', 'moderator'], o.role), o.created_at, o.profile_id)
    returning s.profile_id as "profileId", e.slug, e.name`,
  );
}
