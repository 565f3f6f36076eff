/**
 * What happens between a proposal and its answers (docs/product.md#find-me-a-team): a block since
 * the proposal keeps two people out of one team; one who accepted and may no longer join (banned,
 * in another team) holds no one else back; a partial team its leader closed takes no one from it;
 * a refused answer is not recorded; a proposal whose team was deleted ends (not sent, if not yet).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GroupingRun } from '../../../shared/api/grouping';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { processGroupingRuns } from './runner';

let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp({ firstName: 'Olga' });
});
afterAll(() => h?.close());

let n = 0;
/** A published event of teams of `min` to `max` whose `count` new registrants opted in, run and sent; its one group's members in the order given. */
async function proposed(
  count: number,
  {
    min = 2,
    max = 4,
    team,
    beforeSend,
    send = true,
  }: { min?: number; max?: number; team?: (slug: string) => Promise<void>; beforeSend?: () => Promise<void>; send?: boolean } = {},
) {
  const slug = await createEvent(h, owner, { slug: `later-${++n}`, name: `Later Hack ${n}`, teamSizeMin: min, teamSizeMax: max });
  const people: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const person = await h.signUp({ firstName: `Pat${n}x${i}` });
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: person.cookie, body: {} })).status).toBe(200);
    const opted = await h.api('PUT /api/events/{slug}/grouping/me', {
      params: { slug },
      cookie: person.cookie,
      body: { role: 'build', notWith: [] },
    });
    expect(opted.status, JSON.stringify(opted.body)).toBe(200);
    people.push(person);
  }
  await team?.(slug);
  expect((await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie })).status).toBe(202);
  expect(await processGroupingRuns(h.db, h.exclusive)).toBe(1);
  const run = (await h.api('GET /api/events/{slug}/grouping/runs/latest', { params: { slug }, cookie: owner.cookie })).body
    .run as GroupingRun;
  expect(run.groups).toHaveLength(1);
  await beforeSend?.();
  if (send) {
    const sent = await h.api('POST /api/events/{slug}/grouping/runs/{id}/send', { params: { slug, id: run.id }, cookie: owner.cookie });
    expect(sent.status).toBe(200);
  }
  return { slug, people, groupId: run.groups[0].id, fillsTeam: run.groups[0].fillsTeam };
}
const answer = (user: TestUser, id: string, accept: boolean) =>
  h.api('POST /api/grouping/groups/{id}/answer', { params: { id }, cookie: user.cookie, body: { accept } });
const proposalOf = async (user: TestUser, slug: string) =>
  (await h.api('GET /api/events/{slug}/grouping/me', { params: { slug }, cookie: user.cookie })).body.proposal!;
const inbox = async (user: TestUser) =>
  (await h.api('GET /api/me/inbox', { cookie: user.cookie })).body.items!.map((i: { kind: string }) => i.kind);

it('a block since the proposal keeps the two out of one team: the group does not form, and who accepted is back in the pool', async () => {
  const { slug, people, groupId } = await proposed(2, { min: 2, max: 2 });
  const [ann, bea] = people;
  expect((await h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: bea.profileId }, cookie: ann.cookie })).status).toBeLessThan(
    300,
  );
  expect((await answer(ann, groupId, true)).status).toBe(200);
  const late = await answer(bea, groupId, true);
  expect(late.status).toBe(200);
  expect(late.body.teamId).toBeNull();
  expect((await h.api('GET /api/teams', { query: { event: slug } })).body.items).toEqual([]);
  expect((await proposalOf(bea, slug)).yourAnswer).toBe('declined');
  expect(await inbox(ann)).toContain('group_returned');
});

it('one who accepted and was banned since holds no one back: the others form the team without them', async () => {
  const { slug, people, groupId } = await proposed(3, { min: 2, max: 3 });
  const [ann, bea, cid] = people;
  expect((await answer(ann, groupId, true)).status).toBe(200);
  const banned = await h.api('POST /api/events/{slug}/moderation/actions', {
    params: { slug },
    cookie: owner.cookie,
    body: { action: 'ban', targetKind: 'profile', targetId: ann.profileId, reason: 'Spam in every team' },
  });
  expect(banned.status).toBe(200);
  const second = await answer(bea, groupId, true);
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  expect(second.body.teamId).toBeNull();
  const third = await answer(cid, groupId, true);
  expect(third.status, JSON.stringify(third.body)).toBe(200);
  const team = (await h.api('GET /api/teams/{id}', { params: { id: third.body.teamId! } })).body;
  expect(team.members!.map((m: { id: string }) => m.id).sort()).toEqual([bea.profileId, cid.profileId].sort());
  expect(team.members!.find((m: { isLeader: boolean }) => m.isLeader)!.id).toBe(bea.profileId);
});

it('one who accepted and made a team of their own since holds no one back either', async () => {
  const { slug, people, groupId } = await proposed(3, { min: 2, max: 3 });
  const [ann, bea, cid] = people;
  expect((await answer(ann, groupId, true)).status).toBe(200);
  const own = await h.api('POST /api/teams', {
    cookie: ann.cookie,
    body: { name: 'Ann Alone', description: 'A team of my own after all.', openPositions: ['Designer'], event: slug },
  });
  expect(own.status).toBe(201);
  expect((await answer(bea, groupId, true)).status).toBe(200);
  const third = await answer(cid, groupId, true);
  expect(third.status, JSON.stringify(third.body)).toBe(200);
  const team = (await h.api('GET /api/teams/{id}', { params: { id: third.body.teamId! } })).body;
  expect(team.members!.map((m: { id: string }) => m.id).sort()).toEqual([bea.profileId, cid.profileId].sort());
  expect((await proposalOf(ann, slug)).yourAnswer).toBe('declined');
});

it('a partial team its leader closed since takes no one from its proposal; the refused accept is not recorded', async () => {
  let made!: { id: string; leader: TestUser };
  const { people, groupId, fillsTeam, slug } = await proposed(1, {
    min: 2,
    max: 3,
    team: async (eventSlug) => void (made = await partialTeam(eventSlug, 'Lea')),
  });
  const { id: teamId, leader } = made;
  expect(fillsTeam!.id).toBe(teamId);
  const closed = await h.api('PATCH /api/teams/{id}', {
    params: { id: teamId },
    cookie: leader.cookie,
    body: { name: 'Lea Team', isOpen: false },
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const refused = await answer(people[0], groupId, true);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe('This team is not accepting new members');
  expect((await proposalOf(people[0], slug)).yourAnswer).toBe('pending');
  expect((await answer(people[0], groupId, false)).status).toBe(200);
  const team = (await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body;
  expect(team.members!.map((m: { id: string }) => m.id)).toEqual([leader.profileId]);
});

it('a partial team its leader deleted since ends its proposal: no one accepting it makes a team of their own', async () => {
  let made!: { id: string; leader: TestUser };
  const { people, groupId, fillsTeam, slug } = await proposed(2, {
    min: 2,
    max: 4,
    team: async (eventSlug) => void (made = await partialTeam(eventSlug, 'Lou', 2)),
  });
  const { id: teamId, leader } = made;
  expect(fillsTeam!.id).toBe(teamId);
  expect((await h.api('DELETE /api/teams/{id}', { params: { id: teamId }, cookie: leader.cookie })).status).toBe(204);
  for (const person of people) {
    const late = await answer(person, groupId, true);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      'The team of this proposal was deleted, so the proposal ended: you are back in the pool for the next round',
    );
    expect(await proposalOf(person, slug)).toMatchObject({ teamGone: true, yourAnswer: 'pending' });
  }
  expect((await h.api('GET /api/teams', { query: { event: slug } })).body.items).toEqual([]);
});

/** A partial team asking grouping for `wanted` members, made in the event by a new leader: its id and leader. */
async function partialTeam(slug: string, firstName: string, wanted = 1) {
  const leader = await h.signUp({ firstName });
  const made = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: {
      name: `${firstName} Team`,
      description: 'We build things for the hackathon together',
      event: slug,
      openPositions: ['Designer'],
    },
  });
  const id = made.body.id as string;
  expect((await h.api('PUT /api/teams/{id}/grouping', { params: { id }, cookie: leader.cookie, body: { wanted } })).status).toBe(200);
  return { id, leader };
}
const deleteTeam = async (team: { id: string; leader: TestUser }) =>
  expect((await h.api('DELETE /api/teams/{id}', { params: { id: team.id }, cookie: team.leader.cookie })).status).toBe(204);
const runAgain = async (slug: string) => {
  expect((await h.api('POST /api/events/{slug}/grouping/runs', { params: { slug }, cookie: owner.cookie })).status).toBe(202);
  expect(await processGroupingRuns(h.db, h.exclusive)).toBe(1);
};

it("a partial team deleted between the run's preview and its sending: its group is not sent", async () => {
  let team!: { id: string; leader: TestUser };
  const { people, groupId, slug } = await proposed(1, {
    team: async (eventSlug) => void (team = await partialTeam(eventSlug, 'Liv')),
    beforeSend: () => deleteTeam(team),
  });
  // Never asked: nothing to answer, nothing said, and nothing said at the next run either.
  expect(await inbox(people[0])).not.toContain('group_proposed');
  expect((await answer(people[0], groupId, true)).status).toBe(404);
  expect(await proposalOf(people[0], slug)).toBeNull();
  await runAgain(slug);
  expect(await inbox(people[0])).not.toContain('group_returned');
});

it('a partial team deleted after a preview never sent: its people are told nothing at the next run', async () => {
  let team!: { id: string; leader: TestUser };
  const { people, slug } = await proposed(1, {
    team: async (eventSlug) => void (team = await partialTeam(eventSlug, 'Ivo')),
    send: false,
  });
  await deleteTeam(team);
  await runAgain(slug);
  expect(await inbox(people[0])).toEqual([]);
});

it('a team formed from a proposal and deleted since takes no later acceptor, nor is formed again', async () => {
  const { slug, people, groupId } = await proposed(3, { min: 2, max: 3 });
  const [ann, bea, cid] = people;
  expect((await answer(ann, groupId, true)).status).toBe(200);
  const formed = await answer(bea, groupId, true);
  expect(formed.body.teamId).toBeTruthy();
  expect((await h.api('DELETE /api/teams/{id}', { params: { id: formed.body.teamId! }, cookie: ann.cookie })).status).toBe(204);
  const late = await answer(cid, groupId, true);
  expect(late.status).toBe(409);
  expect(late.body.code).toBe('grouping_team_gone');
  expect((await proposalOf(cid, slug)).teamGone).toBe(true);
  expect((await h.api('GET /api/teams', { query: { event: slug } })).body.items).toEqual([]);
});
