/**
 * The matching index against the formula of docs/decisions/011-matching.md computed the plain way
 * (every person, every position), on generated people and teams in two events, before and after
 * changes arrive as the database's triggers announce them. Suggestions never cross events.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SkillBadge } from '../../../shared/api/profiles';
import { AVAILABILITIES, SKILL_LEVELS, TIMEZONES } from '../../../shared/constants';
import { AVAILABILITY_POINTS, hoursBetween, LEVEL_POINTS, SKILL_WEIGHT, timezoneHours, timezonePoints } from '../../../shared/matching';
import { MatchingIndex, type MatchPerson, type MatchTeam } from './matching-index';

const SKILLS = ['Go', 'go', 'PostgreSQL', 'React', 'Figma', 'Rust', 'Python', 'CSS'];
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/**
 * Three events: people look for a team in any of them or none; teams take part in one. A person's
 * events may hold most of the teams (rankTeams ranks all together, keeping theirs) or few (one by one).
 */
const EVENTS = [uuid(9001), uuid(9002), uuid(9003)];
const [EVENT] = EVENTS;

const skillList = fc.uniqueArray(fc.record({ name: fc.constantFrom(...SKILLS), level: fc.constantFrom(...SKILL_LEVELS) }), {
  maxLength: 5,
  selector: (s) => s.name.toLowerCase(),
});
const personArb = (n: number) =>
  fc.record({
    id: fc.constant(uuid(n)),
    firstName: fc.constant(`P${n}`),
    lastName: fc.constant('Test'),
    name: fc.constant(`P${n} Test`),
    avatarUrl: fc.constant(null),
    availability: fc.constantFrom(...AVAILABILITIES),
    timezone: fc.option(fc.constantFrom(...TIMEZONES), { nil: null }),
    // Few distinct times, so ties on score and time happen and the id decides.
    updatedAt: fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d))),
    lookingIn: fc.subarray(EVENTS),
    skills: skillList,
  });
const positionsArb = fc
  .array(
    fc.record({
      title: fc.constantFrom('Backend', 'Frontend', 'Design', 'Data'),
      skills: fc.uniqueArray(fc.constantFrom(...SKILLS), { minLength: 1, maxLength: 4 }),
    }),
    { maxLength: 3 },
  )
  .map((ps) => ps.filter((p, i) => ps.findIndex((q) => q.title === p.title) === i));
const cardOf = (id: string, createdAt: Date) => ({
  id,
  name: `Team ${id.slice(-4)}`,
  description: '',
  logoUrl: null,
  isOpen: true,
  openPositions: [],
  memberCount: 1,
  maxSize: 5,
  createdAt: createdAt.toISOString(),
  positionsSince: createdAt.toISOString(),
  updatedAt: createdAt.toISOString(),
  event: { slug: 'event', name: 'Event' },
});
const teamArb = (n: number) =>
  fc
    .record({
      id: fc.constant(uuid(1000 + n)),
      eventId: fc.constantFrom(...EVENTS),
      createdAt: fc.integer({ min: 0, max: 3 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d))),
      recruiting: fc.boolean(),
      positions: positionsArb,
    })
    .map((t) => ({ ...t, card: cardOf(t.id, t.createdAt) }));
const worldArb = fc.record({
  people: fc.integer({ min: 0, max: 30 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => personArb(i)))),
  teams: fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => teamArb(i)))),
});

const points = (badge: SkillBadge) => LEVEL_POINTS[badge.level];
const lower = (s: string) => s.toLowerCase();

/** Decision 011, the plain way: every person looking in the event against every position. */
function expectedPeople(
  people: MatchPerson[],
  positions: MatchTeam['positions'],
  memberHours: number[],
  exclude: Set<string>,
  eventId = EVENT,
) {
  return people
    .filter((p) => p.lookingIn.includes(eventId) && !exclude.has(p.id))
    .map((p) => {
      let best = { points: 0, position: '' };
      for (const position of positions) {
        const needed = new Set(position.skills.map(lower));
        const sum = p.skills.filter((s) => needed.has(lower(s.name))).reduce((total, s) => total + points(s), 0);
        if (sum > best.points) best = { points: sum, position: position.title };
      }
      const hours = timezoneHours(p.timezone);
      const hoursApart = hours === null || memberHours.length === 0 ? null : Math.min(...memberHours.map((m) => hoursBetween(m, hours)));
      const score = SKILL_WEIGHT * best.points + AVAILABILITY_POINTS[p.availability] + timezonePoints(hoursApart);
      return { id: p.id, position: best.position, skillPoints: best.points, hoursApart, score, updated: p.updatedAt.getTime() };
    })
    .filter((r) => r.skillPoints > 0)
    .sort((a, b) => b.score - a.score || b.updated - a.updated || (a.id < b.id ? -1 : 1))
    .map(({ updated: _, ...r }) => r);
}

function expectedTeams(teams: MatchTeam[], skills: SkillBadge[], exclude: Set<string>, eventIds = EVENTS) {
  const mine = new Map(skills.map((s) => [lower(s.name), s]));
  return teams
    .filter((t) => t.recruiting && eventIds.includes(t.eventId) && !exclude.has(t.id))
    .map((t) => {
      let best = { points: 0, position: '' };
      for (const position of t.positions) {
        const sum = [...new Set(position.skills.map(lower))].reduce((total, s) => total + (mine.has(s) ? points(mine.get(s)!) : 0), 0);
        if (sum > best.points) best = { points: sum, position: position.title };
      }
      return {
        teamId: t.id,
        position: best.position,
        skillPoints: best.points,
        score: SKILL_WEIGHT * best.points,
        created: t.createdAt.getTime(),
      };
    })
    .filter((r) => r.skillPoints > 0)
    .sort((a, b) => b.score - a.score || b.created - a.created || (a.teamId < b.teamId ? 1 : -1))
    .map(({ created: _, ...r }) => r);
}

/** An index over arrays that stand for the database, and a way to announce changes as the triggers do. */
async function indexOver(world: { people: MatchPerson[]; teams: MatchTeam[] }, pruneFrom?: number) {
  let announce: (payload: string) => void = () => {};
  const pick = <T extends { id: string }>(rows: T[], ids?: string[]) => (ids ? rows.filter((r) => ids.includes(r.id)) : rows);
  const index = new MatchingIndex(
    {
      people: async (ids) => pick(world.people, ids).map((p) => structuredClone(p)),
      teams: async (ids) => pick(world.teams, ids).map((t) => structuredClone(t)),
      // Delivered as the database would: after the statement, to every listener.
      announce: async (payload) => void setImmediate(() => announce(payload)),
    },
    undefined,
    pruneFrom,
  );
  await index.start(async (_channel, onMessage) => {
    announce = onMessage;
    return async () => {};
  });
  return { index, announce: (payload: string) => announce(payload) };
}

const shownPeople = (ranked: Awaited<ReturnType<MatchingIndex['rankPeople']>>) =>
  ranked.map((r) => ({ id: r.person.id, position: r.position, skillPoints: r.skillPoints, hoursApart: r.hoursApart, score: r.score }));
const shownTeams = (ranked: Awaited<ReturnType<MatchingIndex['rankTeams']>>) =>
  ranked.map((r) => ({ teamId: r.team.id, position: r.position, skillPoints: r.skillPoints, score: r.score }));

describe('MatchingIndex', () => {
  // pruneFrom 1: the first pass leaves out a skill whenever it can (a position needing two or more; a person with two or more).
  it.each([{ pruneFrom: undefined }, { pruneFrom: 1 }])(
    'ranks people for a team exactly as the formula does (pruneFrom $pruneFrom)',
    async ({ pruneFrom }) => {
      await fc.assert(
        fc.asyncProperty(
          worldArb,
          positionsArb,
          fc.array(fc.constantFrom(...TIMEZONES), { maxLength: 3 }),
          fc.array(fc.nat(30)),
          fc.integer({ min: 1, max: 40 }),
          async (world, positions, memberZones, excluded, wanted) => {
            const { index } = await indexOver(world, pruneFrom);
            const memberHours = memberZones.map((tz) => timezoneHours(tz)!);
            const exclude = new Set(excluded.map(uuid));
            const ranked = await index.rankPeople({ eventId: EVENT, positions, memberHours, exclude, wanted });
            expect(shownPeople(ranked)).toEqual(expectedPeople(world.people, positions, memberHours, exclude).slice(0, wanted));
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it.each([{ pruneFrom: undefined }, { pruneFrom: 1 }])(
    'ranks teams for a person exactly as the formula does (pruneFrom $pruneFrom)',
    async ({ pruneFrom }) => {
      await fc.assert(
        fc.asyncProperty(
          worldArb,
          skillList,
          fc.array(fc.nat(12)),
          fc.integer({ min: 1, max: 20 }),
          fc.subarray(EVENTS),
          async (world, skills, excluded, wanted, eventIds) => {
            const { index } = await indexOver(world, pruneFrom);
            const exclude = new Set(excluded.map((n) => uuid(1000 + n)));
            expect(shownTeams(await index.rankTeams({ eventIds, skills, exclude, wanted }))).toEqual(
              expectedTeams(world.teams, skills, exclude, eventIds).slice(0, wanted),
            );
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('ranks a team that needs only the left-out skill above an older one with as many points', async () => {
    // Go is needed most, so the first pass leaves it out and visits A and B only (4 and 3 points).
    // C needs only Go (3 points too) and is newer than B: the first pass must not settle for B.
    const team = (n: number, day: number, skills: string[]): MatchTeam => {
      const createdAt = new Date(Date.UTC(2026, 0, day));
      return {
        id: uuid(1000 + n),
        eventId: EVENT,
        createdAt,
        recruiting: true,
        positions: [{ title: `T${n}`, skills }],
        card: cardOf(uuid(1000 + n), createdAt),
      };
    };
    const world = { people: [], teams: [team(1, 1, ['Go', 'Rust']), team(2, 2, ['Rust', 'CSS']), team(3, 4, ['Go']), team(4, 1, ['Go'])] };
    const { index } = await indexOver(world, 1);
    const skills: SkillBadge[] = [
      { name: 'Go', level: 'Advanced' },
      { name: 'Rust', level: 'Beginner' },
      { name: 'CSS', level: 'Intermediate' },
    ];
    expect(
      shownTeams(await index.rankTeams({ eventIds: [EVENT], skills, exclude: new Set(), wanted: 2 })).map((r) => [
        r.position,
        r.skillPoints,
      ]),
    ).toEqual([
      ['T1', 4],
      ['T3', 3],
    ]);
  });

  // pruneFrom 1: rankings before the change make the first pass's arrays, which the change must keep current.
  it.each([{ pruneFrom: undefined }, { pruneFrom: 1 }])(
    'follows changes announced for some rows, and for all (pruneFrom $pruneFrom)',
    async ({ pruneFrom }) => {
      await fc.assert(
        fc.asyncProperty(worldArb, worldArb, positionsArb, skillList, fc.boolean(), async (before, after, positions, skills, all) => {
          const world = { people: [...before.people], teams: [...before.teams] };
          const { index, announce } = await indexOver(world, pruneFrom);
          const none = new Set<string>();
          await index.rankPeople({ eventId: EVENT, positions, memberHours: [], exclude: none, wanted: 50 });
          await index.rankTeams({ eventIds: EVENTS, skills, exclude: none, wanted: 50 });
          // The database changes to `after` (rows added, changed, deleted), then says which.
          world.people = after.people;
          world.teams = after.teams;
          const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
          const people = [...new Set([...ids(before.people), ...ids(after.people)])];
          const teams = [...new Set([...ids(before.teams), ...ids(after.teams)])];
          if (all) announce('p:*');
          else {
            if (people.length) announce(people.map((id) => `p:${id}`).join(','));
            if (teams.length) announce(teams.map((id) => `t:${id}`).join(','));
          }
          expect(shownPeople(await index.rankPeople({ eventId: EVENT, positions, memberHours: [], exclude: none, wanted: 50 }))).toEqual(
            expectedPeople(after.people, positions, [], none),
          );
          expect(shownTeams(await index.rankTeams({ eventIds: EVENTS, skills, exclude: none, wanted: 50 }))).toEqual(
            expectedTeams(after.teams, skills, none),
          );
          // Few wanted: the first pass can settle, on what it looks up.
          expect(shownPeople(await index.rankPeople({ eventId: EVENT, positions, memberHours: [], exclude: none, wanted: 2 }))).toEqual(
            expectedPeople(after.people, positions, [], none).slice(0, 2),
          );
          expect(shownTeams(await index.rankTeams({ eventIds: EVENTS, skills, exclude: none, wanted: 2 }))).toEqual(
            expectedTeams(after.teams, skills, none).slice(0, 2),
          );
          expect(index.size).toEqual({
            people: after.people.filter((p) => p.lookingIn.length && p.skills.length).length,
            teams: after.teams.filter((t) => t.recruiting && t.positions.length).length,
          });
        }),
        { numRuns: 100 },
      );
    },
  );

  it('waits for changes committed before a ranking was asked for, and goes on without a marker that never comes back', async () => {
    const person = (looking: boolean): MatchPerson => ({
      id: uuid(7),
      firstName: 'Kim',
      lastName: 'Test',
      name: 'Kim Test',
      avatarUrl: null,
      availability: 'Flexible',
      timezone: null,
      updatedAt: new Date(),
      lookingIn: looking ? [EVENT] : [],
      skills: [{ name: 'Go', level: 'Advanced' }],
    });
    const world = { people: [person(true)], teams: [] as MatchTeam[] };
    let deliver: (payload: string) => void = () => {};
    let markersLost = false;
    const index = new MatchingIndex({
      people: async (ids) => world.people.filter((p) => !ids || ids.includes(p.id)),
      teams: async () => [],
      announce: async (payload) => void (markersLost || setImmediate(() => deliver(payload))),
    });
    await index.start(async (_channel, onMessage) => ((deliver = onMessage), async () => {}));
    const ranked = () =>
      index.rankPeople({
        eventId: EVENT,
        positions: [{ title: 'Backend', skills: ['Go'] }],
        memberHours: [],
        exclude: new Set(),
        wanted: 10,
      });
    expect(await ranked()).toHaveLength(1);
    // A change commits and is announced (it reaches the index a moment later); a ranking asked for now sees it.
    world.people = [person(false)];
    setImmediate(() => deliver(`p:${uuid(7)}`));
    expect(await ranked()).toHaveLength(0);
    markersLost = true;
    const started = Date.now();
    expect(await ranked()).toHaveLength(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('lists the matching skills strongest first, then by name, with the person’s own spelling', async () => {
    const person: MatchPerson = {
      id: uuid(1),
      firstName: 'Ada',
      lastName: 'Test',
      name: 'Ada Test',
      avatarUrl: null,
      availability: 'Full Time',
      timezone: 'UTC+1',
      updatedAt: new Date(),
      lookingIn: [EVENT],
      skills: [
        { name: 'rust', level: 'Beginner' },
        { name: 'PostgreSQL', level: 'Advanced' },
        { name: 'Go', level: 'Advanced' },
        { name: 'CSS', level: 'Advanced' },
      ],
    };
    const { index } = await indexOver({ people: [person], teams: [] });
    const [ranked] = await index.rankPeople({
      eventId: EVENT,
      positions: [{ title: 'Backend', skills: ['Rust', 'go', 'postgresql'] }],
      memberHours: [1],
      exclude: new Set(),
      wanted: 10,
    });
    expect(ranked).toMatchObject({
      position: 'Backend',
      skillPoints: 7,
      availabilityPoints: 2,
      hoursApart: 0,
      timezonePoints: 3,
      score: 75,
      skills: [
        { name: 'Go', level: 'Advanced' },
        { name: 'PostgreSQL', level: 'Advanced' },
        { name: 'rust', level: 'Beginner' },
      ],
    });
  });
});
