/**
 * Answers and departures that must be all or nothing (docs/product.md#events, #safety): a refused
 * accept registers no one; a block with a member who joined since the request keeps the two apart;
 * someone alone in a team that others asked to join leaves the event, or is banned from it, whole.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp({ firstName: 'Orla' });
});
afterAll(() => h.close());

let n = 0;
async function teamIn(positions = ['Designer']) {
  const slug = await createEvent(h, owner, { slug: `whole-${++n}`, name: `Whole Hack ${n}` });
  const leader = await h.signUp({ firstName: 'Lena' });
  const made = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: `Whole ${n}`, description: 'A team that takes requests.', openPositions: positions, event: slug },
  });
  expect(made.status).toBe(201);
  return { slug, leader, teamId: made.body.id as string };
}
const ask = async (teamId: string, who: TestUser, position = 'Designer') => {
  const res = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: who.cookie,
    body: { position, message: 'I would love to join your team.' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const peopleIn = async (slug: string) =>
  (await h.api('GET /api/profiles', { query: { event: slug } })).body.items!.map((p: { id: string }) => p.id);
const membersOf = async (teamId: string) =>
  (await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.members!.map((m: { id: string }) => m.id);

it('a refused accept registers no one: not the requester who left the event, nor the invitee who declined', async () => {
  const { slug, leader, teamId } = await teamIn();
  const asker = await h.signUp({ firstName: 'Ari' });
  const requestId = await ask(teamId, asker);
  expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: asker.cookie })).status).toBe(204);
  const accepted = await h.api('POST /api/join-requests/{id}/accept', { params: { id: requestId }, cookie: leader.cookie });
  expect(accepted.body!.code).toBe('request_no_longer_pending');
  expect(await peopleIn(slug)).not.toContain(asker.profileId);

  const invitee = await h.signUp({ firstName: 'Ivo' });
  const invited = await h.api('POST /api/invitations', {
    cookie: leader.cookie,
    body: { teamId, profileId: invitee.profileId, role: 'Designer', message: 'Join us please, we need you.' },
  });
  expect(invited.status).toBe(201);
  const id = invited.body.id as string;
  expect((await h.api('POST /api/invitations/{id}/decline', { params: { id }, cookie: invitee.cookie })).status).toBe(200);
  expect((await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie })).status).toBe(409);
  expect(await peopleIn(slug)).not.toContain(invitee.profileId);
});

it('a request from someone with a block with a member who joined since is withdrawn, not accepted', async () => {
  const { leader, teamId } = await teamIn(['Designer', 'Developer']);
  const [xena, yuri] = await Promise.all(['Xena', 'Yuri'].map((firstName) => h.signUp({ firstName })));
  expect((await h.api('PUT /api/me/blocks/{profileId}', { params: { profileId: yuri.profileId }, cookie: xena.cookie })).status).toBe(200);
  const fromX = await ask(teamId, xena, 'Designer');
  const fromY = await ask(teamId, yuri, 'Developer');
  expect((await h.api('POST /api/join-requests/{id}/accept', { params: { id: fromY }, cookie: leader.cookie })).status).toBe(200);
  const second = await h.api('POST /api/join-requests/{id}/accept', { params: { id: fromX }, cookie: leader.cookie });
  expect(second.status).toBe(409);
  expect(second.body!.error).toBe('This request is no longer pending');
  expect(await membersOf(teamId)).not.toContain(xena.profileId);
  const mine = await h.api('GET /api/me/notifications', { cookie: xena.cookie });
  expect(mine.body.requests).toContainEqual(expect.objectContaining({ id: fromX, status: 'cancelled' }));
});

it('someone alone in a team others asked to join leaves the event: the team goes and the askers are told', async () => {
  const { slug, leader, teamId } = await teamIn();
  const asker = await h.signUp({ firstName: 'Ari' });
  const requestId = await ask(teamId, asker);
  expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: leader.cookie })).status).toBe(204);
  expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).status).toBe(404);
  const mine = await h.api('GET /api/me/notifications', { cookie: asker.cookie });
  expect(mine.body.requests).toContainEqual(expect.objectContaining({ id: requestId, teamId: null, status: 'cancelled' }));
});

it('a ban of that person is whole too: banned, out of the event, the team gone', async () => {
  const { slug, leader, teamId } = await teamIn();
  await ask(teamId, await h.signUp({ firstName: 'Ari' }));
  const banned = await h.api('POST /api/events/{slug}/moderation/actions', {
    params: { slug },
    cookie: owner.cookie,
    body: { action: 'ban', targetKind: 'profile', targetId: leader.profileId, reason: 'Spam in every team' },
  });
  expect(banned.status).toBe(200);
  expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).status).toBe(404);
  expect(await peopleIn(slug)).not.toContain(leader.profileId);
  const queue = await h.api('GET /api/events/{slug}/moderation', { params: { slug }, cookie: owner.cookie });
  expect(queue.body.record!.map((r: { action: string }) => r.action)).toEqual(['ban']);
});
