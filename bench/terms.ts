/**
 * Times each search term of the read cases alone, over all events and in the large event, with a
 * fresh count each time (what the first browse of a term costs), on a database the bench kept
 * (BENCH_KEEP_DATABASE=1): `tsx bench/terms.ts <DATABASE_URL>`. The slowest term's statements are
 * then explained.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { listProfiles } from '../src/server/features/profiles/list.repo';
import { ProfileListQuerySchema } from '../src/shared/schemas';
import { explainStatements } from './explain';
import { PROFILE_TERMS } from './read-cases';

const url = process.argv[2];
const database = await openDatabase({ databaseUrl: url });
const [large] = await queryRows<{ slug: string }>(
  database.db,
  sql`select e.slug from events e order by (select count(*) from registrations r where r.event_id = e.id) desc limit 1`,
);
const timeOf = async (query: Record<string, string>) => {
  const parsed = ProfileListQuerySchema.parse(query);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await listProfiles(database.db, parsed);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[1];
};
let slowest = { term: '', ms: 0 };
for (const term of PROFILE_TERMS) {
  const all = await timeOf({ q: term });
  const inLarge = await timeOf({ q: term, event: large.slug });
  if (inLarge > slowest.ms) slowest = { term, ms: inLarge };
  console.log(`${term.padEnd(14)} all ${all.toFixed(1).padStart(7)} ms   large event ${inLarge.toFixed(1).padStart(7)} ms`);
}
await database.close();
console.log(`\nslowest in the large event: '${slowest.term}'`);
const explained = await explainStatements({ kind: 'postgres', url }, (db) =>
  listProfiles(db, ProfileListQuerySchema.parse({ q: slowest.term, event: large.slug })),
);
for (const q of explained) console.log(`\n${q.sql}\n${JSON.stringify(q.params)}\n${q.plan}`);
