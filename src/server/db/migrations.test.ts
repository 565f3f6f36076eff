/**
 * Migrations that move data, on a database that already holds it, as a deployment has. 0013 (events):
 * everything moves into the 2025 hackathon and keeps working, its people become its registrants with
 * their looking flag (counted on the event's row, migration 0026), and the app serves it. 0029: what a
 * moderator hid leaves the search text. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/auth';
import { createApp } from '../app';
import { NotificationHub } from '../features/notifications';
import { createMatchingIndex } from '../features/matching';
import { silentLogger } from '../platform/log';
import { openDatabase, pgliteExtensions } from './client';
import { scratchDatabase } from './scratch';
import { LEGACY_EVENT_ID } from '../../shared/events';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const BEFORE_EVENTS = '0012_accounts';

/** The migrations folder as it was when its journal ended at `tag`. */
function folderUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/** People, teams, members, a request and an invitation, as the schema before events stores them. */
const SEED = `
insert into users (id, name, email) values ('u1', 'Ada Lovelace', 'ada@example.com'), ('u2', 'Bo Chen', 'bo@example.com'), ('u3', 'Cy Diaz', 'cy@example.com');
insert into profiles (id, user_id, first_name, last_name, name, looking_for_team) values
  ('11111111-1111-4111-8111-000000000001', 'u1', 'Ada', 'Lovelace', 'Ada Lovelace', false),
  ('11111111-1111-4111-8111-000000000002', 'u2', 'Bo', 'Chen', 'Bo Chen', true),
  ('11111111-1111-4111-8111-000000000003', 'u3', 'Cy', 'Diaz', 'Cy Diaz', true);
insert into teams (id, name, description, open_positions) values
  ('22222222-2222-4222-8222-000000000001', 'Pixel Pioneers', 'Sketches into accessible components.', '{Designer}'),
  ('22222222-2222-4222-8222-000000000002', 'Green Route', 'The greenest way anywhere.', '{Backend Developer}');
insert into team_members (team_id, profile_id, role, is_leader) values
  ('22222222-2222-4222-8222-000000000001', '11111111-1111-4111-8111-000000000001', 'Team Leader', true),
  ('22222222-2222-4222-8222-000000000002', '11111111-1111-4111-8111-000000000001', 'Team Leader', true),
  ('22222222-2222-4222-8222-000000000002', '11111111-1111-4111-8111-000000000002', 'Backend Developer', false);
insert into join_requests (team_id, team_name, profile_id, position, message) values
  ('22222222-2222-4222-8222-000000000001', 'Pixel Pioneers', '11111111-1111-4111-8111-000000000003', 'Designer', 'I would love to design with you.');
insert into team_invitations (team_id, profile_id, invited_by, role, message) values
  ('22222222-2222-4222-8222-000000000001', '11111111-1111-4111-8111-000000000002', '11111111-1111-4111-8111-000000000001', 'Designer', 'Come and design with us, please.');
`;

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A database migrated up to `tag` holding `seed`: its URL (PostgreSQL) or data folder (PGlite). */
async function databaseAt(tag: string, seed: string): Promise<{ databaseUrl?: string; dataDir?: string }> {
  const folder = folderUpTo(tag);
  cleanup.push(async () => rmSync(folder, { recursive: true, force: true }));
  if (process.env.DATABASE_URL) {
    const scratch = scratchDatabase(process.env.DATABASE_URL, 'migration');
    await scratch.create();
    cleanup.push(scratch.drop);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    await client.query(seed);
    await client.end();
    return { databaseUrl: scratch.url };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'migrating-data-'));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  await client.exec(seed);
  await client.close();
  return { dataDir };
}

// Two migrations of a new embedded database (to 0015 with the demo data, then to today): 33 s beside CI's other lane on a slow day.
describe('migrating a database from before events', { timeout: 120_000 }, () => {
  it('moves everything into the 2025 hackathon, registers its people, and the app serves it', async () => {
    const where = await databaseAt(BEFORE_EVENTS, SEED);
    const database = await openDatabase({ ...where, log: silentLogger });
    cleanup.push(() => database.close());
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

    expect(await rows(sql`select distinct event_id from teams`)).toEqual([{ event_id: LEGACY_EVENT_ID }]);
    expect(
      await rows(
        sql`select registrant_count, looking_count, team_count, featured, teams_per_person from events where id = ${LEGACY_EVENT_ID}`,
      ),
    ).toEqual([{ registrant_count: 3, looking_count: 2, team_count: 2, featured: true, teams_per_person: null }]);
    // Registered with their looking flag: as their profile says (null follows it).
    expect(await rows(sql`select count(*)::int as n from registrations where event_id = ${LEGACY_EVENT_ID} and looking is null`)).toEqual([
      { n: 3 },
    ]);
    // Each registration keeps its person's created_at (migration 0025), which orders an event's people.
    expect(
      await rows(
        sql`select count(*)::int as n from registrations r join profiles p on p.id = r.profile_id where r.profile_created_at = p.created_at`,
      ),
    ).toEqual([{ n: 3 }]);

    const live = new NotificationHub(database.db, silentLogger);
    await live.start(database.listen);
    const matching = createMatchingIndex(database, silentLogger);
    await matching.start(database.listen);
    cleanup.push(async () => {
      await live.stop();
      await matching.stop();
    });
    const auth = createAuth(database.db, {
      secret: 'test-secret-test-secret-test-secret-0',
      rateLimit: false,
      trustedOrigins: [],
      log: silentLogger,
    });
    const app = createApp({
      db: database.db,
      dbKind: database.kind,
      auth,
      live,
      matching,
      config: { eventUrl: 'https://example.com' },
      log: silentLogger,
    });
    const get = async (path: string) => (await app.request(`http://localhost${path}`)).json();

    const teams = await get('/api/teams?event=worlds-largest-hackathon-2025');
    expect(teams.total).toBe(2);
    expect(teams.items[0].event).toEqual({ slug: 'worlds-largest-hackathon-2025', name: "World's Largest Hackathon" });
    const looking = await get('/api/profiles?event=worlds-largest-hackathon-2025&looking=true');
    expect(looking.items.map((p: { firstName: string }) => p.firstName).sort()).toEqual(['Bo', 'Cy']);
    const everyone = await get('/api/profiles?event=worlds-largest-hackathon-2025');
    expect(everyone.items.map((p: { id: string }) => p.id)).toEqual((await get('/api/profiles')).items.map((p: { id: string }) => p.id));
    expect(everyone.total).toBe(3);
    const team = await get('/api/teams/22222222-2222-4222-8222-000000000001');
    expect(team.event).toMatchObject({ slug: 'worlds-largest-hackathon-2025', formationLocked: false });
  });
});

/** A bio and a team description a moderator hid before migration 0029, and a bio whose mark was lifted. */
const HIDDEN_SEED = `
insert into users (id, name, email) values ('u1', 'Ada Lovelace', 'ada@example.com'), ('u2', 'Bo Chen', 'bo@example.com');
insert into profiles (id, user_id, first_name, last_name, name, bio) values
  ('11111111-1111-4111-8111-000000000001', 'u1', 'Ada', 'Lovelace', 'Ada Lovelace', 'Buy my coins'),
  ('11111111-1111-4111-8111-000000000002', 'u2', 'Bo', 'Chen', 'Bo Chen', 'Coins were my past');
insert into teams (id, event_id, name, description) values
  ('22222222-2222-4222-8222-000000000001', '${LEGACY_EVENT_ID}', 'Coin Team', 'Coins for everyone');
insert into hidden_content (kind, target_id, reason, lifted_at) values
  ('bio', '11111111-1111-4111-8111-000000000001', 'Spam', null),
  ('team_description', '22222222-2222-4222-8222-000000000001', 'Spam', null),
  ('bio', '11111111-1111-4111-8111-000000000002', 'Spam', now());
`;

describe('migrating a database with hidden content (0029)', { timeout: 120_000 }, () => {
  it('leaves the words of what is hidden out of search, and keeps what was shown again', async () => {
    const database = await openDatabase({ ...(await databaseAt('0028_announcement_inbox', HIDDEN_SEED)), log: silentLogger });
    cleanup.push(() => database.close());
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    expect(await rows(sql`select first_name, bio_hidden, search_text from profiles order by first_name`)).toEqual([
      { first_name: 'Ada', bio_hidden: true, search_text: 'ada lovelace  ' },
      { first_name: 'Bo', bio_hidden: false, search_text: 'bo chen  coins were my past' },
    ]);
    expect(await rows(sql`select description_hidden, search_text from teams`)).toEqual([
      { description_hidden: true, search_text: 'coin team ' },
    ]);
  });
});
