/**
 * The event's registrants without a team (docs/product.md#the-organizers-desk), under the filters
 * that also drive their export and the 'without a team' announcement: one WHERE clause for all three.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TIMEZONE_BANDS, type UnteamedFilter, type UnteamedList, type UnteamedQuery } from '../../../shared/api/organize';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { eventRegistrations } from '../events';
import { eventMemberships } from '../teams';

/** `"a","b"` as a text[] literal's items. */
const arrayLiteral = (items: readonly string[]) => `{${items.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;

/**
 * `from registrations r join profiles` with the filters: people of the event in none of its teams.
 * Skills are matched on the profile's lower-cased skill list (its GIN index), all of them.
 */
export function unteamedSource(eventId: string, filter: Partial<UnteamedFilter>): SQL {
  const conditions: SQL[] = [sql`not exists (select 1 from ${eventMemberships(eventId)} m where m.profile_id = r.profile_id)`];
  const wanted = [...new Set((filter.skills ?? []).map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length) conditions.push(sql`${people.table}.skill_list @> ${arrayLiteral(wanted)}::text[]`);
  if (filter.availability) conditions.push(sql`${people.table}.availability = ${filter.availability}`);
  if (filter.band === 'unset') conditions.push(sql`${people.timezone} is null`);
  else if (filter.band) conditions.push(sql`${people.timezone} = any(${arrayLiteral(TIMEZONE_BANDS[filter.band].zones)}::text[])`);
  if (filter.looking) conditions.push(sql`coalesce(r.looking, ${people.lookingForTeam})`);
  return sql`${eventRegistrations(eventId)} r join ${people.table} on ${people.id} = r.profile_id where ${sql.join(conditions, sql` and `)}`;
}

/** Who a 'without a team' announcement reaches: their profile ids. */
export const unteamedIds = (eventId: string, filter: Partial<UnteamedFilter>): SQL =>
  sql`select r.profile_id from ${unteamedSource(eventId, filter)}`;

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  name: string;
  avatar_url: string | null;
  skill_badges: { name: string; level: string }[];
  availability: string;
  timezone: string | null;
  looking: boolean;
  registered_at: Date | string;
  changed_at: Date | string;
}
const columns = sql`${people.id} as id, ${people.table}.first_name, ${people.table}.last_name, ${people.name} as name,
  ${people.table}.avatar_url, ${people.skills} as skill_badges, ${people.table}.availability, ${people.timezone} as timezone,
  coalesce(r.looking, ${people.lookingForTeam}) as looking, r.created_at as registered_at, ${people.changedAt} as changed_at`;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * One page of the unteamed, newest registrations first, and how many there are. With updatedSince
 * (sync): those whose profile, registration or teams changed at or after it, oldest change first.
 */
export async function unteamedPage(db: Db, eventId: string, query: UnteamedQuery): Promise<UnteamedList> {
  const all = unteamedSource(eventId, query);
  const since = query.updatedSince ? new Date(query.updatedSince) : null;
  const source = since ? sql`${all} and ${people.changedAt} >= ${since}` : all;
  const order = since ? sql`${people.changedAt} asc, r.profile_id asc` : sql`r.created_at desc, r.profile_id desc`;
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${source}`);
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    offset >= total
      ? []
      : await queryRows<Row>(db, sql`select ${columns} from ${source} order by ${order} limit ${query.pageSize} offset ${offset}`);
  return {
    items: rows.map((r) => ({
      person: { id: r.id, firstName: r.first_name, lastName: r.last_name, name: r.name, avatarUrl: r.avatar_url },
      skills: r.skill_badges.map((s) => ({ name: s.name, level: s.level })),
      availability: r.availability,
      timezone: r.timezone,
      looking: r.looking,
      registeredAt: iso(r.registered_at),
      updatedAt: iso(r.changed_at),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
