/**
 * Matching (docs/decisions/011-matching.md) on a data set whose right answer is known: who fits a
 * team's positions and in which order, who is never suggested, which teams need a person, and who
 * may ask. On whichever database the suite runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Availability, SkillLevel, Timezone } from '../../../shared/constants';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { profiles } from '../../db/schema';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const ADMIN_EMAIL = 'admin-match@example.com';

let h: Harness;
let leader: TestUser;
let teamId: string;
const people: Record<string, TestUser> = {};

async function person(
  firstName: string,
  skills: [string, SkillLevel][],
  over: { availability?: Availability; timezone?: Timezone; looking?: boolean } = {},
) {
  const user = await h.signUp({ firstName, lastName: 'Match' });
  await h.db
    .update(profiles)
    .set({
      availability: over.availability ?? 'Part Time',
      timezone: over.timezone ?? 'UTC+9',
      lookingForTeam: over.looking ?? true,
    })
    .where(eq(profiles.id, user.profileId));
  // Suggestions come from the people taking part in the team's event (the featured one here); their
  // looking flag there follows the profile's.
  const took = await h.api('PUT /api/events/{slug}/registration', {
    params: { slug: 'worlds-largest-hackathon-2025' },
    cookie: user.cookie,
    body: {},
  });
  expect(took.status).toBe(200);
  if (skills.length) {
    const res = await h.api('POST /api/profiles/{id}/skills', {
      params: { id: user.profileId },
      cookie: user.cookie,
      body: { skills: skills.map(([name, level]) => ({ name, level })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  people[firstName] = user;
  return user;
}

const suggestions = (by: TestUser | null, id = teamId, page = 1) =>
  h.api('GET /api/teams/{id}/suggestions', { params: { id }, query: { page }, cookie: by?.cookie });
const names = (items: { name: string }[]) => items.map((i) => i.name.split(' ')[0]);

beforeAll(async () => {
  h = await createHarness({ adminEmails: [ADMIN_EMAIL] });
  leader = await h.signUp({ firstName: 'Lead', lastName: 'Match' });
  await h.db.update(profiles).set({ timezone: 'UTC+1' }).where(eq(profiles.id, leader.profileId));
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: {
      name: 'Go Getters',
      description: 'A team that needs Go and PostgreSQL people.',
      openPositions: ['Backend Developer', 'Designer'],
      maxSize: 6,
      positionSkills: { 'Backend Developer': ['Go', 'PostgreSQL', 'go'], Designer: ['Figma'], Ghost: ['Cobol'] },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  teamId = res.body.id;
  await person('Ada', [
    ['Go', 'Advanced'],
    ['PostgreSQL', 'Advanced'],
  ]);
  await person('Ben', [['go', 'Intermediate']], { availability: 'Weekends' });
  await person('Bea', [['Go', 'Intermediate']], { availability: 'Full Time', timezone: 'UTC+1' });
  await person('Cy', [
    ['PostgreSQL', 'Beginner'],
    ['Figma', 'Advanced'],
  ]);
  await person('Dee', [['Python', 'Advanced']]);
  await person(
    'Eve',
    [
      ['Go', 'Advanced'],
      ['PostgreSQL', 'Advanced'],
    ],
    { looking: false },
  );
  const fay = await person('Fay', [
    ['Go', 'Advanced'],
    ['PostgreSQL', 'Intermediate'],
  ]);
  const gus = await person('Gus', [
    ['Go', 'Advanced'],
    ['PostgreSQL', 'Advanced'],
  ]);
  expect(
    (
      await h.api('POST /api/invitations', {
        cookie: leader.cookie,
        body: { teamId, profileId: fay.profileId, role: 'Backend Developer', message: 'Join us for the Go work!' },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await h.api('POST /api/teams/{id}/join-requests', {
        params: { id: teamId },
        cookie: gus.cookie,
        body: { position: 'Backend Developer', message: 'I write Go every day.' },
      })
    ).status,
  ).toBe(201);
});
afterAll(() => h.close());

describe('the skills a position needs', () => {
  it('are saved with the team, without duplicates, for open positions only, and shown on its page', async () => {
    const team = await h.api('GET /api/teams/{id}', { params: { id: teamId } });
    expect(team.body.positionSkills).toEqual({ 'Backend Developer': ['Go', 'PostgreSQL'], Designer: ['Figma'] });
  });

  it('stay when the positions are replaced without skills, and go with their position', async () => {
    const other = await h.api('POST /api/teams', {
      cookie: leader.cookie,
      body: {
        name: 'Skill Keepers',
        description: 'A team whose positions change.',
        openPositions: ['A', 'B'],
        positionSkills: { A: ['Rust'], B: ['Elm'] },
      },
    });
    const id = other.body.id;
    expect(
      await h.api('PUT /api/teams/{id}/positions', { params: { id }, cookie: leader.cookie, body: { openPositions: ['A', 'C'] } }),
    ).toMatchObject({ status: 200, body: { openPositions: ['A', 'C'], positionSkills: { A: ['Rust'] } } });
    expect(
      await h.api('PUT /api/teams/{id}/positions', {
        params: { id },
        cookie: leader.cookie,
        body: { openPositions: ['A', 'C'], positionSkills: { C: ['Zig'] } },
      }),
    ).toMatchObject({ status: 200, body: { positionSkills: { C: ['Zig'] } } });
    const tooMany = await h.api('PUT /api/teams/{id}/positions', {
      params: { id },
      cookie: leader.cookie,
      body: { openPositions: ['A'], positionSkills: { A: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] } },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('A position needs at most 8 skills');
  });
});

describe('GET /api/teams/{id}/suggestions', () => {
  it('ranks by the skills the best position needs, weighted by level; then availability and time zone', async () => {
    const res = await suggestions(leader);
    expect(res.status).toBe(200);
    // Ada: Go + PostgreSQL Advanced = 6. Cy: Figma Advanced for Designer = 3 (beats PostgreSQL Beginner = 1).
    // Bea and Ben: Go Intermediate = 2 each; Bea is Full Time and in the leader's time zone.
    expect(names(res.body.items)).toEqual(['Ada', 'Cy', 'Bea', 'Ben']);
    const [ada, cy, bea, ben] = res.body.items;
    expect(ada).toMatchObject({
      position: 'Backend Developer',
      skills: [
        { name: 'Go', level: 'Advanced' },
        { name: 'PostgreSQL', level: 'Advanced' },
      ],
      skillPoints: 6,
      availability: 'Part Time',
      availabilityPoints: 1,
      hoursApart: 8,
      timezonePoints: 0,
      score: 61,
    });
    expect(cy).toMatchObject({ position: 'Designer', skills: [{ name: 'Figma', level: 'Advanced' }], skillPoints: 3 });
    expect(bea).toMatchObject({ skillPoints: 2, availabilityPoints: 2, hoursApart: 0, timezonePoints: 3, score: 25 });
    expect(ben).toMatchObject({ skillPoints: 2, availabilityPoints: 0, timezonePoints: 0, score: 20 });
    expect(res.body.nextPage).toBeNull();
  });

  it('never suggests people without a needed skill, not looking, invited, who asked, or members', async () => {
    const found = names((await suggestions(leader)).body.items);
    for (const left of ['Dee', 'Eve', 'Fay', 'Gus', 'Lead']) expect(found).not.toContain(left);
  });

  it('never suggests someone on the other side of a block with a member (docs/product.md#safety)', async () => {
    const blockBen = await h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: people.Ben.profileId }, cookie: leader.cookie });
    expect(blockBen.status).toBe(200);
    expect(names((await suggestions(leader)).body.items)).toEqual(['Ada', 'Cy', 'Bea']);
    await h.api('DELETE /api/me/blocks/{profileId}', { params: { profileId: people.Ben.profileId }, cookie: leader.cookie });
    expect(names((await suggestions(leader)).body.items)).toEqual(['Ada', 'Cy', 'Bea', 'Ben']);
  });

  it('is for the team’s leaders only', async () => {
    expect((await suggestions(null)).status).toBe(401);
    expect(await suggestions(people.Dee)).toMatchObject({ status: 403 });
    expect((await suggestions(leader, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('offers nobody to a closed team', async () => {
    await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: 'Go Getters', description: 'A team that needs Go and PostgreSQL people.', isOpen: false },
    });
    expect((await suggestions(leader)).body.items).toEqual([]);
    await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: 'Go Getters', description: 'A team that needs Go and PostgreSQL people.', isOpen: true },
    });
    expect((await suggestions(leader)).body.items).toHaveLength(4);
  });
});

describe('GET /api/me/suggested-teams', () => {
  const teamsFor = (user: TestUser | null) => h.api('GET /api/me/suggested-teams', { cookie: user?.cookie });

  it('lists open teams with room whose positions need the person’s skills, with the position and the skills', async () => {
    const res = await teamsFor(people.Ada);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      team: { id: teamId, name: 'Go Getters' },
      position: 'Backend Developer',
      skills: [
        { name: 'Go', level: 'Advanced' },
        { name: 'PostgreSQL', level: 'Advanced' },
      ],
      skillPoints: 6,
      score: 60,
    });
    expect((await teamsFor(people.Dee)).body.items).toEqual([]);
  });

  it("a description a moderator hid reads 'Hidden by a moderator' on the suggested card too, until shown again", async () => {
    const admin = await h.signUp({ firstName: 'Ada', lastName: 'Admin', email: ADMIN_EMAIL });
    const moderate = (action: 'hide' | 'unhide') =>
      h.api('POST /api/moderation/actions', {
        cookie: admin.cookie,
        body: { action, targetKind: 'team', targetId: teamId, reason: 'Insults in the description' },
      });
    const description = async () =>
      (await teamsFor(people.Ada)).body.items.find((i: { team: { id: string } }) => i.team.id === teamId)!.team.description;
    const shown = await description();
    expect(shown).not.toBe(HIDDEN_TEXT);
    expect((await moderate('hide')).status).toBe(200);
    expect(await description()).toBe(HIDDEN_TEXT);
    expect((await moderate('unhide')).status).toBe(200);
    expect(await description()).toBe(shown);
  });

  it('ranks by skill points, and leaves out closed and full teams, one’s own teams and teams one asked', async () => {
    const make = async (name: string, skills: string[], over: Record<string, unknown> = {}) =>
      (
        await h.api('POST /api/teams', {
          cookie: leader.cookie,
          body: {
            name,
            description: 'Another team needing some skills.',
            openPositions: ['Dev'],
            positionSkills: { Dev: skills },
            ...over,
          },
        })
      ).body.id as string;
    const cy = people.Cy;
    const figmaOnly = await make('Figma Fans', ['Figma']);
    const both = await make('Figma And Postgres', ['Figma', 'PostgreSQL']);
    await make('Closed Figma', ['Figma'], { isOpen: false });
    await make('Full Figma', ['Figma'], { maxSize: 2 }).then(async (id) => {
      const filler = await h.signUp({ firstName: 'Filler' });
      const asked = await h.api('POST /api/teams/{id}/join-requests', {
        params: { id },
        cookie: filler.cookie,
        body: { position: 'Dev', message: 'Let me fill this team.' },
      });
      await h.api('POST /api/join-requests/{id}/accept', { params: { id: asked.body.id }, cookie: leader.cookie });
    });
    const res = await teamsFor(cy);
    const found = res.body.items.map((i: { team: { name: string } }) => i.team.name);
    expect(found.slice(0, 2)).toEqual(['Figma And Postgres', 'Figma Fans']);
    expect(found).not.toContain('Closed Figma');
    expect(found).not.toContain('Full Figma');
    expect(res.body.items.find((i: { team: { id: string } }) => i.team.id === both)).toMatchObject({ skillPoints: 4 });

    await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: figmaOnly },
      cookie: cy.cookie,
      body: { position: 'Dev', message: 'Figma is my thing.' },
    });
    expect((await teamsFor(cy)).body.items.map((i: { team: { name: string } }) => i.team.name)).not.toContain('Figma Fans');
    // The leader's own teams are never suggested to them.
    expect((await teamsFor(leader)).body.items).toEqual([]);
  });

  it('never suggests a team with a member on the other side of a block with the person, whoever blocked (docs/product.md#safety)', async () => {
    const ada = people.Ada;
    const teamsOfAda = async () => (await teamsFor(ada)).body.items.map((i: { team: { id: string } }) => i.team.id);
    expect(await teamsOfAda()).toContain(teamId);
    for (const [by, other] of [
      [leader, ada],
      [ada, leader],
    ] as const) {
      const blocked = await h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: other.profileId }, cookie: by.cookie });
      expect(blocked.status).toBe(200);
      expect(await teamsOfAda()).not.toContain(teamId);
      await h.api('DELETE /api/me/blocks/{profileId}', { params: { profileId: other.profileId }, cookie: by.cookie });
    }
    expect(await teamsOfAda()).toContain(teamId);
  });

  it('needs a signed-in user', async () => {
    expect((await teamsFor(null)).status).toBe(401);
  });
});

describe('suggestions see every change made before they are asked for (the matching index, its triggers and markers)', () => {
  it('a new person with a needed skill is suggested; once they stop looking, they are not', async () => {
    const newcomer = await person('Hal', [
      ['PostgreSQL', 'Advanced'],
      ['Go', 'Beginner'],
    ]);
    const asked = performance.now();
    expect(names((await suggestions(leader)).body.items)).toContain('Hal');
    // The ranking's marker came back over the database (a lost one lets it go on after a second).
    expect(performance.now() - asked).toBeLessThan(900);
    const off = await h.api('PUT /api/profiles/{id}/settings', {
      params: { id: newcomer.profileId },
      cookie: newcomer.cookie,
      body: { lookingForTeam: false },
    });
    expect(off.status).toBe(200);
    expect(names((await suggestions(leader)).body.items)).not.toContain('Hal');
  });

  it('a team that closes, or whose positions stop needing a skill, is no longer offered', async () => {
    const created = await h.api('POST /api/teams', {
      cookie: leader.cookie,
      body: {
        name: 'Elm Lovers',
        description: 'A team that needs Elm and nothing else.',
        openPositions: ['Dev'],
        positionSkills: { Dev: ['Elm'] },
      },
    });
    const elmer = await person('Ivy', [['Elm', 'Intermediate']]);
    const offered = async () =>
      (await h.api('GET /api/me/suggested-teams', { cookie: elmer.cookie })).body.items.map((i: { team: { name: string } }) => i.team.name);
    expect(await offered()).toEqual(['Elm Lovers']);
    await h.api('PUT /api/teams/{id}/positions', {
      params: { id: created.body.id },
      cookie: leader.cookie,
      body: { openPositions: ['Dev'], positionSkills: { Dev: ['Haskell'] } },
    });
    expect(await offered()).toEqual([]);
    await h.api('PUT /api/teams/{id}/positions', {
      params: { id: created.body.id },
      cookie: leader.cookie,
      body: { openPositions: ['Dev'], positionSkills: { Dev: ['Elm'] } },
    });
    expect(await offered()).toEqual(['Elm Lovers']);
    // The card shown is the team as it is now: a new name, a new member.
    await h.api('PATCH /api/teams/{id}', {
      params: { id: created.body.id },
      cookie: leader.cookie,
      body: { name: 'Elm Friends', description: 'A team that needs Elm and nothing else.', isOpen: true },
    });
    const joiner = await h.signUp({ firstName: 'Jo' });
    const asked = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: created.body.id },
      cookie: joiner.cookie,
      body: { position: 'Dev', message: 'I would like to join.' },
    });
    await h.api('POST /api/join-requests/{id}/accept', { params: { id: asked.body.id }, cookie: leader.cookie });
    const [card] = (await h.api('GET /api/me/suggested-teams', { cookie: elmer.cookie })).body.items;
    expect(card.team).toMatchObject({ name: 'Elm Friends', memberCount: 2 });
    await h.api('PATCH /api/teams/{id}', {
      params: { id: created.body.id },
      cookie: leader.cookie,
      body: { name: 'Elm Friends', description: 'A team that needs Elm and nothing else.', isOpen: false },
    });
    expect(await offered()).toEqual([]);
  });
});
