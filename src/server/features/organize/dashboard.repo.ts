/**
 * An event's dashboard (docs/product.md#the-organizers-desk): each number is one aggregate over the
 * event's rows, read through the primary keys and event indexes of their owners (events and teams
 * give their rows as subqueries), so the page stays fast at 130,000 registrants.
 */
import { sql } from 'drizzle-orm';
import { STALE_HOURS, type Dashboard } from '../../../shared/api/organize';
import { queryRows, type Db } from '../../db/client';
import type { Event } from '../../db/schema';
import { eventCounts, eventRegistrations } from '../events';
import { eventMemberships, eventPendingInvitations, eventPendingRequests, eventTeams } from '../teams';

const DAY_MS = 86_400_000;
/** The chart shows at most this many days, up to today. */
const MAX_DAYS = 120;
/** Open positions by age: the upper bound of each bucket, in days. */
const AGE_BUCKETS = [
  { label: 'Under 2 days', under: 2 },
  { label: '2 to 7 days', under: 7 },
  { label: '7 to 14 days', under: 14 },
  { label: 'Over 14 days', under: Infinity },
];

/**
 * The event's registrants and those looking for a team are its own counts, kept on its row by
 * triggers (migrations 0013 and 0026); who is in a team is counted from the event's memberships.
 */
async function peopleCounts(db: Db, eventId: string) {
  const [row] = await queryRows<{ registrants: number; looking: number; in_team: number }>(
    db,
    sql`select e.registrant_count as registrants, e.looking_count as looking,
        (select count(*) from (select distinct profile_id from ${eventMemberships(eventId)} x) m
          where exists (select 1 from ${eventRegistrations(eventId)} r where r.profile_id = m.profile_id))::int as in_team
      from ${eventCounts(eventId)} e`,
  );
  return { registrants: row.registrants, looking: row.looking, inTeam: row.in_team, withoutTeam: row.registrants - row.in_team };
}

async function teamCounts(db: Db, eventId: string) {
  const rows = await queryRows<{ members: number; state: 'open' | 'full' | 'closed'; teams: number }>(
    db,
    sql`select member_count as members,
        case when member_count >= max_size then 'full' when is_open then 'open' else 'closed' end as state,
        count(*)::int as teams
      from ${eventTeams(eventId)} t group by 1, 2 order by 1`,
  );
  const sum = (state?: string) => rows.filter((r) => !state || r.state === state).reduce((n, r) => n + r.teams, 0);
  const bySize = new Map<number, number>();
  for (const r of rows) bySize.set(r.members, (bySize.get(r.members) ?? 0) + r.teams);
  return {
    total: sum(),
    open: sum('open'),
    full: sum('full'),
    closed: sum('closed'),
    bySize: [...bySize].map(([members, teams]) => ({ members, teams })),
  };
}

async function positionAges(db: Db, eventId: string) {
  const rows = await queryRows<{ days: number; positions: number }>(
    db,
    sql`select floor(extract(epoch from now() - updated_at) / 86400)::int as days, sum(cardinality(open_positions))::int as positions
      from ${eventTeams(eventId)} t
      where is_open and member_count < max_size and cardinality(open_positions) > 0
      group by 1`,
  );
  const byAge = AGE_BUCKETS.map((b) => ({ label: b.label, positions: 0 }));
  for (const r of rows) byAge[AGE_BUCKETS.findIndex((b) => r.days < b.under)].positions += r.positions;
  return { open: byAge.reduce((n, b) => n + b.positions, 0), byAge };
}

async function pendingCounts(db: Db, eventId: string) {
  const stale = sql`created_at < now() - make_interval(hours => ${STALE_HOURS})`;
  const [row] = await queryRows<{ requests: number; requests_stale: number; invitations: number; invitations_stale: number }>(
    db,
    sql`select
        (select count(*) from ${eventPendingRequests(eventId)} r)::int as requests,
        (select count(*) from ${eventPendingRequests(eventId)} r where ${stale})::int as requests_stale,
        (select count(*) from ${eventPendingInvitations(eventId)} i)::int as invitations,
        (select count(*) from ${eventPendingInvitations(eventId)} i where ${stale})::int as invitations_stale`,
  );
  return {
    joinRequests: row.requests,
    joinRequestsStale: row.requests_stale,
    invitations: row.invitations,
    invitationsStale: row.invitations_stale,
  };
}

/** The day (yyyy-mm-dd) `at` falls on in the time zone. */
const dayIn = (timezone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);

async function days(db: Db, event: Event) {
  const tz = event.timezone;
  const rows = await queryRows<{ day: string; registrations: number; teams: number }>(
    db,
    sql`with regs as (select (created_at at time zone ${tz})::date as day, count(*)::int as n from ${eventRegistrations(event.id)} r group by 1),
      formed as (select (created_at at time zone ${tz})::date as day, count(*)::int as n from ${eventTeams(event.id)} t group by 1)
      select to_char(day, 'YYYY-MM-DD') as day, coalesce(regs.n, 0)::int as registrations, coalesce(formed.n, 0)::int as teams
      from regs full join formed using (day) order by day`,
  );
  if (rows.length === 0) return [];
  const counts = new Map(rows.map((r) => [r.day, r]));
  const today = dayIn(tz, new Date());
  const last = rows[rows.length - 1].day > today ? rows[rows.length - 1].day : today;
  const lastMs = Date.parse(`${last}T00:00:00Z`);
  const firstMs = Math.max(Date.parse(`${rows[0].day}T00:00:00Z`), lastMs - (MAX_DAYS - 1) * DAY_MS);
  const out: Dashboard['days'] = [];
  for (let ms = firstMs; ms <= lastMs; ms += DAY_MS) {
    const day = new Date(ms).toISOString().slice(0, 10);
    const found = counts.get(day);
    out.push({ day, registrations: found?.registrations ?? 0, teamsFormed: found?.teams ?? 0 });
  }
  return out;
}

export async function dashboardOf(db: Db, event: Event): Promise<Dashboard> {
  // One after another: PGlite has one connection, and on PostgreSQL each is a few milliseconds.
  const persons = await peopleCounts(db, event.id);
  const teams = await teamCounts(db, event.id);
  const positions = await positionAges(db, event.id);
  const pending = await pendingCounts(db, event.id);
  return { people: persons, teams, positions, pending, days: await days(db, event), asOf: new Date().toISOString() };
}
