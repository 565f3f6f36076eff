/**
 * Fills a fresh, migrated database with a hackathon-sized data set: users, profiles with skills,
 * teams with members. Rows are built in JS from a seeded generator (the same data on every run)
 * and sent in large batches as one JSON parameter each (`json_to_recordset`), which is the
 * fastest multi-row insert that works the same on PGlite and PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { displayName } from '../src/shared/avatar';
import { AVAILABILITIES, LEADER_ROLE, SKILL_LEVELS, TIMEZONES } from '../src/shared/constants';
import { queryRows, type Db } from '../src/server/db/client';
import { positionSkillColumns } from '../src/shared/matching';
import {
  BIO_CLOSERS,
  BIO_MIDDLES,
  BIO_OPENERS,
  EXPERIENCES,
  FIRST_NAMES,
  LAST_NAMES,
  POSITIONS,
  SKILLS,
  TEAM_ADJECTIVES,
  TEAM_IDEAS,
  TEAM_NOUNS,
  TEAM_TAILS,
} from './vocab';
import { largeEvent, lookingFlag, sampleIndexes, smallEvent, SMALL_EVENTS, type EventRow, type RegistrationRow } from './events-data';

export interface GenerateOptions {
  profiles: number;
  teams: number;
  log: (line: string) => void;
}

export interface GeneratedData {
  counts: {
    users: number;
    profiles: number;
    profileSkills: number;
    skills: number;
    teams: number;
    teamMembers: number;
    events: number;
    registrations: number;
  };
  /** Milliseconds: rows inserted, then indexes built and statistics gathered. */
  timings: { insertMs: number; indexMs: number; analyzeMs: number; totalMs: number };
  /** Ids the load cases rotate through for the detail routes: anyone's and any team's, and those of the small events. */
  sampleProfileIds: string[];
  sampleTeamIds: string[];
  sampleLargeTeamIds: string[];
  sampleLargeProfileIds: string[];
  sampleSmallProfileIds: string[];
  sampleSmallTeamIds: string[];
  /** The large event (everyone, the 30,000 teams) and the small ones (a few hundred people, a few teams each). */
  largeEvent: { id: string; slug: string };
  smallEvents: { id: string; slug: string }[];
  /** The twelve most common skill names, most common first, for the combined filters. */
  popularSkills: string[];
}

const DAY = 24 * 60 * 60 * 1000;
const PRODUCT_TABLES = ['users', 'profiles', 'skills', 'profile_skills', 'events', 'registrations', 'teams', 'team_members'];

/** mulberry32: small, fast, seeded. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const chance = (p: number) => next() < p;
  const hex8 = () => (Math.floor(next() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
  const uuid = () => {
    const h = hex8() + hex8() + hex8() + hex8();
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return { next, int, pick, chance, uuid };
}

type Rng = ReturnType<typeof random>;

/** Early skills are drawn far more often, as real skill popularity is skewed. */
const popularSkill = (rng: Rng) => SKILLS[Math.floor(SKILLS.length * Math.pow(rng.next(), 2.2))];

const fillSkills = (rng: Rng, text: string) => text.replace(/\{skill\}/g, () => popularSkill(rng));

function bio(rng: Rng): string | null {
  if (rng.chance(0.08)) return null;
  const parts = [rng.pick(BIO_OPENERS)];
  const middles = 1 + rng.int(3);
  for (let i = 0; i < middles; i++) parts.push(fillSkills(rng, rng.pick(BIO_MIDDLES)));
  if (rng.chance(0.8)) parts.push(rng.pick(BIO_CLOSERS));
  return parts.join(' ');
}

function distinct<T>(rng: Rng, n: number, draw: (rng: Rng) => T): T[] {
  const out = new Set<T>();
  for (let guard = 0; out.size < n && guard < n * 20; guard++) out.add(draw(rng));
  return [...out];
}

/** Inserts `rows` in batches of `batch`, each batch one statement with one JSON parameter. */
async function insertJson(db: Db, table: string, columns: string, select: string, rows: object[], batch: number) {
  for (let i = 0; i < rows.length; i += batch) {
    const json = JSON.stringify(rows.slice(i, i + batch));
    await db.execute(
      sql`insert into ${sql.raw(table)} select ${sql.raw(select)} from json_to_recordset(${json}::json) as r(${sql.raw(columns)})`,
    );
  }
}

/** An instant as PostgreSQL writes a timestamptz in JSON ('...T13:15:16.12+00:00': the fraction without its trailing zeros), which cards read. */
const asJsonTimestamptz = (iso: string) => `${iso.slice(0, 19)}${iso.slice(19, 23).replace(/\.?0+$/, '')}+00:00`;

export async function generate(db: Db, opts: GenerateOptions): Promise<GeneratedData> {
  const rng = random(20260101);
  const started = performance.now();
  const now = Date.now();
  const profileCount = opts.profiles;
  const teamCount = opts.teams;

  const skillRows = SKILLS.map((name) => ({ id: rng.uuid(), name }));
  const skillId = new Map(skillRows.map((s) => [s.name, s.id]));

  const users: object[] = [];
  const profiles: object[] = [];
  const profileSkills: object[] = [];
  const profileIds: string[] = [];
  for (let i = 0; i < profileCount; i++) {
    // Oldest first, spread over 120 days, so "newest first" has a real order to follow.
    const createdAt = new Date(now - 120 * DAY + (i + rng.next()) * ((120 * DAY) / profileCount)).toISOString();
    const userId = rng.uuid();
    const id = rng.uuid();
    profileIds.push(id);
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const preferredName = rng.chance(0.12) ? firstName.slice(0, 3) : null;
    const handle = `${firstName}${lastName}${i}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    users.push({
      id: userId,
      name: `${firstName} ${lastName}`,
      email: `${handle}@bench.example`,
      first_name: firstName,
      last_name: lastName,
      created_at: createdAt,
    });
    profiles.push({
      id,
      user_id: userId,
      first_name: firstName,
      last_name: lastName,
      preferred_name: preferredName,
      name: displayName({ firstName, lastName, preferredName }),
      bio: bio(rng),
      github_url: rng.chance(0.5) ? `https://github.com/${handle}` : null,
      linkedin_url: rng.chance(0.4) ? `https://www.linkedin.com/in/${handle}` : null,
      portfolio_url: rng.chance(0.2) ? `https://${handle}.dev` : null,
      discord_username: rng.chance(0.5) ? handle : null,
      twitter_username: rng.chance(0.25) ? handle : null,
      timezone: rng.chance(0.9) ? rng.pick(TIMEZONES) : null,
      availability: rng.pick(AVAILABILITIES),
      looking_for_team: rng.chance(0.6),
      experiences: distinct(rng, rng.int(4), (r) => r.pick(EXPERIENCES)),
      created_at: createdAt,
    });
    for (const name of distinct(rng, 1 + rng.int(8), popularSkill)) {
      profileSkills.push({ profile_id: id, skill_id: skillId.get(name), level: rng.pick(SKILL_LEVELS), created_at: createdAt });
    }
  }

  const large = largeEvent(rng, now);
  const small = Array.from({ length: SMALL_EVENTS }, (_, i) => smallEvent(rng, now, i));

  // The large event: each person is in at most one of its teams; leaders first, then 0-4 members.
  const order = profileIds.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  let nextMember = 0;
  const teams: object[] = [];
  const teamMembers: object[] = [];
  const teamIds: string[] = [];
  const inLargeTeam = new Set<number>();
  for (let i = 0; i < teamCount && nextMember < order.length; i++) {
    const createdAt = new Date(now - 90 * DAY + (i + rng.next()) * ((90 * DAY) / teamCount)).toISOString();
    const id = rng.uuid();
    teamIds.push(id);
    const isOpen = rng.chance(0.7);
    const size = Math.min(1 + rng.int(5), order.length - nextMember);
    const openPositions = isOpen ? distinct(rng, 1 + rng.int(4), (r) => r.pick(POSITIONS)) : [];
    // Most positions say what they need (2 to 4 skills, popular ones more often).
    const needs = positionSkillColumns(
      openPositions,
      Object.fromEntries(openPositions.filter(() => rng.chance(0.8)).map((p) => [p, distinct(rng, 2 + rng.int(3), popularSkill)])),
    );
    teams.push({
      id,
      event_id: large.id,
      name: `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)} ${i + 1}`,
      description: `${rng.pick(TEAM_IDEAS)} ${fillSkills(rng, rng.pick(TEAM_TAILS))}`,
      is_open: isOpen,
      open_positions: openPositions,
      position_skills: needs.positionSkills,
      needed_skills: needs.neededSkills,
      // Sizes 4 to 6; some teams are full. The member count is set here: triggers are off for the load.
      max_size: Math.max(size, 4 + rng.int(3)),
      member_count: size,
      created_at: createdAt,
    });
    for (let m = 0; m < size; m++) {
      inLargeTeam.add(order[nextMember]);
      teamMembers.push({
        team_id: id,
        profile_id: profileIds[order[nextMember++]],
        role: m === 0 ? LEADER_ROLE : rng.pick(POSITIONS),
        is_leader: m === 0,
        joined_at: createdAt,
      });
    }
  }
  // Everyone takes part in the large event; registered when their profile was made.
  const registrations: RegistrationRow[] = profileIds.map((id, i) => ({
    event_id: large.id,
    profile_id: id,
    looking: lookingFlag(rng, inLargeTeam.has(i)),
    created_at: (profiles[i] as { created_at: string }).created_at,
    profile_created_at: (profiles[i] as { created_at: string }).created_at,
  }));
  large.registrant_count = registrations.length;
  large.team_count = teams.length;
  // The small events: 200 to 500 of the same people each, and 4 to 15 teams of 1 to 4 of them.
  const smallTeamIds: string[] = [];
  const smallProfileIds: string[] = [];
  for (const event of small) {
    const people = sampleIndexes(rng, profileIds.length, 200 + rng.int(301));
    const teamsHere = Math.min(4 + rng.int(12), Math.floor(people.length / 4));
    let next = 0;
    const inTeam = new Set<number>();
    const created = Date.parse(event.created_at);
    for (let t = 0; t < teamsHere; t++) {
      const id = rng.uuid();
      smallTeamIds.push(id);
      const createdAt = new Date(created + (t + 1) * DAY).toISOString();
      const size = 1 + rng.int(4);
      const isOpen = rng.chance(0.7);
      const openPositions = isOpen ? distinct(rng, 1 + rng.int(3), (r) => r.pick(POSITIONS)) : [];
      const needs = positionSkillColumns(
        openPositions,
        Object.fromEntries(openPositions.map((p) => [p, distinct(rng, 2 + rng.int(3), popularSkill)])),
      );
      teams.push({
        id,
        event_id: event.id,
        name: `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)} ${event.slug} ${t + 1}`,
        description: `${rng.pick(TEAM_IDEAS)} ${fillSkills(rng, rng.pick(TEAM_TAILS))}`,
        is_open: isOpen,
        open_positions: openPositions,
        position_skills: needs.positionSkills,
        needed_skills: needs.neededSkills,
        max_size: Math.max(size, 4 + rng.int(3)),
        member_count: size,
        created_at: createdAt,
      });
      for (let m = 0; m < size; m++) {
        inTeam.add(people[next]);
        teamMembers.push({
          team_id: id,
          profile_id: profileIds[people[next++]],
          role: m === 0 ? LEADER_ROLE : rng.pick(POSITIONS),
          is_leader: m === 0,
          joined_at: createdAt,
        });
      }
    }
    for (const p of people) {
      smallProfileIds.push(profileIds[p]);
      registrations.push({
        event_id: event.id,
        profile_id: profileIds[p],
        looking: lookingFlag(rng, inTeam.has(p)),
        created_at: event.created_at,
        profile_created_at: (profiles[p] as { created_at: string }).created_at,
      });
    }
    event.registrant_count = people.length;
    event.team_count = teamsHere;
  }
  const events: EventRow[] = [large, ...small];
  // What profiles keep of their registrations (migrations 0016 and 0024; their triggers are off for
  // the load): the events each person takes part in, those they look for a team in, and since when;
  // and what events keep of them (migration 0026): how many look for a team there. A flag is at most
  // 13 days old: one older than the event's 14 (LOOKING_LAPSE_DAYS) would have lapsed, and the
  // server's freshness job would lapse thousands of them while the bench runs.
  const profileRows = new Map((profiles as { id: string; looking_for_team: boolean }[]).map((p) => [p.id, p]));
  const eventRows = new Map(events.map((e) => [e.id, e]));
  let lookingCount = 0;
  for (const r of registrations) {
    const p = profileRows.get(r.profile_id) as {
      looking_for_team: boolean;
      event_ids?: string[];
      looking_event_ids?: string[];
      looking_since?: Record<string, string>;
    };
    (p.event_ids ??= []).push(r.event_id);
    p.looking_event_ids ??= [];
    p.looking_since ??= {};
    if (r.looking ?? p.looking_for_team) {
      p.looking_event_ids.push(r.event_id);
      const since = Math.max(Date.parse(r.created_at), now - ((lookingCount++ % 13) + 0.5) * DAY);
      r.looking_since = new Date(since).toISOString();
      p.looking_since[r.event_id] = asJsonTimestamptz(r.looking_since);
      eventRows.get(r.event_id)!.looking_count++;
    }
  }
  opts.log(
    `built ${profiles.length} profiles, ${profileSkills.length} profile skills, ${events.length} events, ${registrations.length} registrations, ${teams.length} teams, ${teamMembers.length} members in ${ms(started)}`,
  );

  // Secondary indexes are dropped for the load and built once at the end: building a GIN
  // trigram index in one pass is many times faster than updating it row by row.
  const indexRows = await rows<{ name: string; def: string }>(
    db,
    sql`
    select ic.relname as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x
      join pg_class ic on ic.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and not x.indisunique and not x.indisprimary
      and t.relname in (${sql.join(
        PRODUCT_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})`,
  );

  const insertStarted = performance.now();
  await db.transaction(async (tx) => {
    for (const ix of indexRows) await tx.execute(sql.raw(`drop index ${ix.name}`));
    // The rows are consistent by construction: skip the per-row foreign key triggers.
    await tx.execute(sql.raw(`set local session_replication_role = replica`));
    let mark = performance.now();
    const step = (what: string) => {
      opts.log(`  ${what} ${ms(mark)}`);
      mark = performance.now();
    };
    await insertJson(tx, 'skills (id, name)', 'id uuid, name text', 'id, name', skillRows, 1000);
    await insertJson(
      tx,
      'users (id, name, email, first_name, last_name, created_at, updated_at)',
      'id text, name text, email text, first_name text, last_name text, created_at timestamptz',
      'id, name, email, first_name, last_name, created_at, created_at',
      users,
      10_000,
    );
    step('users');
    await insertJson(
      tx,
      'profiles (id, user_id, first_name, last_name, preferred_name, name, bio, github_url, linkedin_url, portfolio_url, discord_username, twitter_username, timezone, availability, looking_for_team, experiences, event_ids, looking_event_ids, looking_since, created_at, updated_at, changed_at)',
      'id uuid, user_id text, first_name text, last_name text, preferred_name text, name text, bio text, github_url text, linkedin_url text, portfolio_url text, discord_username text, twitter_username text, timezone text, availability text, looking_for_team boolean, experiences text[], event_ids uuid[], looking_event_ids uuid[], looking_since jsonb, created_at timestamptz',
      "id, user_id, first_name, last_name, preferred_name, name, bio, github_url, linkedin_url, portfolio_url, discord_username, twitter_username, timezone, availability, looking_for_team, experiences, coalesce(event_ids, '{}'), coalesce(looking_event_ids, '{}'), coalesce(looking_since, '{}'), created_at, created_at, created_at",
      profiles,
      5_000,
    );
    step('profiles');
    await insertJson(
      tx,
      'profile_skills (profile_id, skill_id, level, created_at)',
      'profile_id uuid, skill_id uuid, level text, created_at timestamptz',
      'profile_id, skill_id, level, created_at',
      profileSkills,
      20_000,
    );
    step('profile skills');
    // Counts of registrants and teams are set here: their triggers are off for the load.
    await insertJson(
      tx,
      'events (id, slug, name, tagline, location, timezone, registration_opens_at, registration_closes_at, formation_deadline, build_starts_at, submission_deadline, awards_at, team_size_min, team_size_max, teams_per_person, state, registrant_count, looking_count, team_count, created_at, updated_at, changed_at)',
      'id uuid, slug text, name text, tagline text, location text, timezone text, registration_opens_at timestamptz, registration_closes_at timestamptz, formation_deadline timestamptz, build_starts_at timestamptz, submission_deadline timestamptz, awards_at timestamptz, team_size_min int, team_size_max int, teams_per_person int, state text, registrant_count int, looking_count int, team_count int, created_at timestamptz',
      'id, slug, name, tagline, location, timezone, registration_opens_at, registration_closes_at, formation_deadline, build_starts_at, submission_deadline, awards_at, team_size_min, team_size_max, teams_per_person, state, registrant_count, looking_count, team_count, created_at, created_at, created_at',
      events,
      1000,
    );
    await insertJson(
      tx,
      'registrations (event_id, profile_id, looking, created_at, updated_at, looking_since, profile_created_at)',
      'event_id uuid, profile_id uuid, looking boolean, created_at timestamptz, looking_since timestamptz, profile_created_at timestamptz',
      'event_id, profile_id, looking, created_at, created_at, coalesce(looking_since, created_at), profile_created_at',
      registrations,
      20_000,
    );
    step('events and registrations');
    await insertJson(
      tx,
      'teams (id, event_id, name, description, is_open, open_positions, position_skills, needed_skills, max_size, member_count, created_at, updated_at, changed_at)',
      'id uuid, event_id uuid, name text, description text, is_open boolean, open_positions text[], position_skills jsonb, needed_skills text[], max_size int, member_count int, created_at timestamptz',
      'id, event_id, name, description, is_open, open_positions, position_skills, needed_skills, max_size, member_count, created_at, created_at, created_at',
      teams,
      10_000,
    );
    step('teams');
    await insertJson(
      tx,
      'team_members (team_id, profile_id, role, is_leader, joined_at)',
      'team_id uuid, profile_id uuid, role text, is_leader boolean, joined_at timestamptz',
      'team_id, profile_id, role, is_leader, joined_at',
      teamMembers,
      20_000,
    );
    step('team members');
    // The trigger that keeps what profiles hold of their skills is off in replica mode: one pass.
    await tx.execute(sql.raw(`select profiles_refresh_skills(array(select id from profiles))`));
    step('skill names');
  });
  const insertMs = performance.now() - insertStarted;
  opts.log(`inserted rows in ${ms(insertStarted)}`);

  const indexStarted = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    for (const ix of indexRows) await tx.execute(sql.raw(ix.def));
  });
  const indexMs = performance.now() - indexStarted;
  opts.log(`built ${indexRows.length} secondary indexes in ${ms(indexStarted)}`);

  const analyzeStarted = performance.now();
  // Statistics for the planner and a visibility map for index-only scans, as autovacuum would.
  await db.execute(sql.raw(`vacuum analyze ${PRODUCT_TABLES.join(', ')}`));
  const analyzeMs = performance.now() - analyzeStarted;
  opts.log(`vacuum analyze in ${ms(analyzeStarted)}`);
  // The load's dirty pages are written now, not by a checkpoint running through the first cases
  // (seen: 47 s of one, during the matching cases).
  const checkpointStarted = performance.now();
  await db.execute(sql`checkpoint`).then(
    () => opts.log(`checkpoint in ${ms(checkpointStarted)}`),
    (err: Error) => opts.log(`no checkpoint (${err.message})`),
  );
  // And the operating system's: dirty pages it writes back later take a core from the cases (seen:
  // a kernel writeback thread at 20-60% of a core through a whole run).
  const syncStarted = performance.now();
  spawnSync('sync');
  opts.log(`sync in ${ms(syncStarted)}`);

  const counts = new Map<string, number>();
  for (const s of profileSkills as { skill_id: string }[]) counts.set(s.skill_id, (counts.get(s.skill_id) ?? 0) + 1);
  const popular = skillRows
    .map((s) => s)
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))
    .slice(0, 12);
  const sample = (ids: string[], n: number) => Array.from({ length: Math.min(n, ids.length) }, () => rng.pick(ids));
  // The large event's detail twins read the same draw as 'all events', less those of other events
  // (everyone takes part in it: all the people, 98.5% of the teams). Drawn apart, the two samples
  // differed in what a detail reads (teams of 3.04 members against 2.91), which the seed kept the
  // same in every run: a gap of the sample, not of the event.
  const sampleProfileIds = sample(profileIds, 1000);
  const sampleTeamIds = sample([...teamIds, ...smallTeamIds], 1000);
  const largeTeams = new Set(teamIds);
  return {
    counts: {
      users: users.length,
      profiles: profiles.length,
      profileSkills: profileSkills.length,
      skills: skillRows.length,
      teams: teams.length,
      teamMembers: teamMembers.length,
      events: events.length,
      registrations: registrations.length,
    },
    timings: { insertMs, indexMs, analyzeMs, totalMs: performance.now() - started },
    sampleProfileIds,
    sampleTeamIds,
    sampleLargeTeamIds: sampleTeamIds.filter((id) => largeTeams.has(id)),
    sampleLargeProfileIds: sampleProfileIds,
    sampleSmallProfileIds: sample(smallProfileIds, 1000),
    sampleSmallTeamIds: sample(smallTeamIds, 1000),
    largeEvent: { id: large.id, slug: large.slug },
    smallEvents: small.map((e) => ({ id: e.id, slug: e.slug })),
    popularSkills: popular.map((s) => s.name),
  };
}

/** Rows of a raw query on either driver. */
export const rows = queryRows;

export const ms = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
