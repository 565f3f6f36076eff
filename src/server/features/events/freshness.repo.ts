/**
 * Freshness (docs/product.md#freshness): a 'looking for a team' lasts the event's lookingLapseDays
 * after the person last said so, then lapses (they are told, and say so again in one click).
 * Only events whose teams are still forming: nobody hears about an event that is over.
 */
import { sql, type SQL } from 'drizzle-orm';
import { uuidArray } from '../../db/arrays';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { events, registrations } from '../../db/schema';

/** Published events whose teams are still forming: formation deadline and submission deadline ahead. */
const FORMING = sql`${events.state} = 'published' and (${events.formationDeadline} is null or now() < ${events.formationDeadline})
  and now() < ${events.submissionDeadline}`;

export async function formingEventIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: events.id }).from(events).where(FORMING);
  return rows.map((r) => r.id);
}

export interface Lapsed {
  event: { id: string; slug: string; name: string; lookingLapseDays: number };
  profileIds: string[];
}

/**
 * Switches off the looking flags that have outlived their event's period, at most `limit` at once
 * (the oldest first), and answers whose, by event. Rows another transaction holds are left for the
 * next run, so two instances running this at once never lapse (and announce) one flag twice. Its
 * locks follow the order every write takes (db/people.ts lockPerson; decision 038): the people's
 * profiles, then their registrations (a person in the middle of a write is left for the next run),
 * then their events in id order, before the lapse's triggers count them there.
 */
export async function lapseLooking(tx: Db, limit = 5000): Promise<Lapsed[]> {
  // Due: said so longer ago than their event's period (and a day at least), in an event still
  // forming; `flag` is the profile's own, which a registration without one follows.
  const due = (flag: SQL) => sql`r.looking_since < now() - interval '1 day'
    and r.looking_since < now() - make_interval(days => ${events.lookingLapseDays})
    and coalesce(r.looking, ${flag}) and ${FORMING}`;
  // A row lock skipped is not let go: the registrations are locked only of people locked first, and
  // read again under those locks (a profile's flag switched off meanwhile is seen).
  const rows = await queryRows<{ eventId: string; profileId: string }>(
    tx,
    sql`with persons as materialized (
      select ${people.id} as id, ${people.lookingForTeam} as looking_for_team from ${people.table}
      where ${people.id} in (
        select r.profile_id from ${registrations} r
          join ${events} on ${events.id} = r.event_id
          join ${people.table} on ${people.id} = r.profile_id
        where ${due(sql`${people.lookingForTeam}`)} order by r.looking_since limit ${limit})
      for no key update skip locked
    )
    select r.event_id as "eventId", r.profile_id as "profileId" from ${registrations} r
      join ${events} on ${events.id} = r.event_id
      join persons on persons.id = r.profile_id
    where ${due(sql`persons.looking_for_team`)}
    order by r.looking_since limit ${limit}
    for update of r skip locked`,
  );
  if (rows.length === 0) return [];
  const byEvent = new Map<string, string[]>();
  for (const r of rows) {
    const ids = byEvent.get(r.eventId);
    if (ids) ids.push(r.profileId);
    else byEvent.set(r.eventId, [r.profileId]);
  }
  // Their events, locked in id order (and read for the notices) before the lapse's triggers count them.
  const found = await queryRows<Lapsed['event']>(
    tx,
    sql`select id, slug, name, looking_lapse_days as "lookingLapseDays" from ${events}
      where id = any(${uuidArray([...byEvent.keys()])}) order by id for no key update`,
  );
  await tx.execute(
    sql`update ${registrations} r set looking = false, updated_at = now()
      from unnest(${uuidArray(rows.map((r) => r.eventId))}, ${uuidArray(rows.map((r) => r.profileId))}) as lapsing(event_id, profile_id)
      where r.event_id = lapsing.event_id and r.profile_id = lapsing.profile_id`,
  );
  return found.map((event) => ({ event, profileIds: byEvent.get(event.id)! }));
}
