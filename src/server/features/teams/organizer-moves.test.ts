/**
 * An event's organizers put people into its teams and take them out (docs/product.md#events): only
 * people taking part, not someone banned from the event or the platform, not in an event an admin hid;
 * and a team whose last member is taken out goes, as when that person leaves the event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const ADMIN_EMAIL = 'admin-moves@example.com';

let h: Harness;
let organizer: TestUser, admin: TestUser;
beforeAll(async () => {
  h = await createHarness({ adminEmails: [ADMIN_EMAIL] });
  organizer = await h.signUp({ firstName: 'Orla' });
  admin = await h.signUp({ firstName: 'Ada', email: ADMIN_EMAIL });
});
afterAll(() => h.close());

let n = 0;
async function eventWithTeam() {
  const slug = await createEvent(h, organizer, { slug: `moves-${++n}`, name: `Moves Hack ${n}` });
  const leader = await h.signUp({ firstName: 'Lena' });
  const made = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: `Movers ${n}`, description: 'A team organizers move people into.', openPositions: ['Designer'], event: slug },
  });
  expect(made.status).toBe(201);
  return { slug, leader, teamId: made.body.id as string };
}
const moveIn = (slug: string, id: string, who: TestUser) =>
  h.api('POST /api/events/{slug}/teams/{id}/members', {
    params: { slug, id },
    cookie: organizer.cookie,
    body: { profileId: who.profileId },
  });
const moveOut = (slug: string, id: string, who: TestUser) =>
  h.api('DELETE /api/events/{slug}/teams/{id}/members/{profileId}', {
    params: { slug, id, profileId: who.profileId },
    cookie: organizer.cookie,
  });
const membersOf = async (id: string) =>
  (await h.api('GET /api/teams/{id}', { params: { id } })).body.members?.map((m: { id: string }) => m.id);

describe('an organizer moving someone in', () => {
  it('puts in only people taking part: a stranger is not registered on their behalf (their email would reach the exports)', async () => {
    const { slug, teamId } = await eventWithTeam();
    const stranger = await h.signUp({ firstName: 'Stella' });
    const refused = await moveIn(slug, teamId, stranger);
    expect(refused.status).toBe(404);
    expect(refused.body!.error).toBe(`This person does not take part in Moves Hack ${n}: only people taking part can be put in its teams`);
    const people = (await h.api('GET /api/profiles', { query: { event: slug } })).body.items!.map((p: { id: string }) => p.id);
    expect(people).not.toContain(stranger.profileId);
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie, body: {} })).status).toBe(200);
    expect((await moveIn(slug, teamId, stranger)).status).toBe(204);
    expect(await membersOf(teamId)).toContain(stranger.profileId);
  });

  it('refuses someone banned from the event or from the platform, and any move in an event an admin hid', async () => {
    const { slug, teamId } = await eventWithTeam();
    const [pia, tom, sam] = await Promise.all(['Pia', 'Tom', 'Sam'].map((firstName) => h.signUp({ firstName })));
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: pia.cookie, body: {} })).status).toBe(200);
    const banned = await h.api('POST /api/events/{slug}/moderation/actions', {
      params: { slug },
      cookie: organizer.cookie,
      body: { action: 'ban', targetKind: 'profile', targetId: pia.profileId, reason: 'Spam in every team' },
    });
    expect(banned.status).toBe(200);
    const fromEvent = await moveIn(slug, teamId, pia);
    expect(fromEvent.status).toBe(409);
    expect(fromEvent.body!.error).toBe(
      `This person is banned from Moves Hack ${n}: a moderator has to lift the ban before they can be in its teams`,
    );
    const platformBan = await h.api('POST /api/moderation/actions', {
      cookie: admin.cookie,
      body: { action: 'ban', targetKind: 'profile', targetId: tom.profileId, reason: 'Spam everywhere' },
    });
    expect(platformBan.status).toBe(200);
    expect((await moveIn(slug, teamId, tom)).body!.code).toBe('person_banned_from_event');
    // Neither is in the team, nor taking part again.
    expect(await membersOf(teamId)).not.toEqual(expect.arrayContaining([pia.profileId]));
    const people = await h.api('GET /api/profiles', { query: { event: slug } });
    expect(people.status).toBe(200);
    expect(people.body.items!.map((p: { id: string }) => p.id)).not.toEqual(expect.arrayContaining([pia.profileId]));
    expect(people.body.items!.map((p: { id: string }) => p.id)).not.toEqual(expect.arrayContaining([tom.profileId]));

    expect((await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: admin.cookie, body: { hidden: true } })).status).toBe(200);
    const hidden = await moveIn(slug, teamId, sam);
    expect(hidden.status).toBe(409);
    expect(hidden.body!.code).toBe('event_not_public');
  });
});

describe('an organizer taking out the last member', () => {
  it('deletes the team: it is listed no more, and those who asked to join are told', async () => {
    const { slug, leader, teamId } = await eventWithTeam();
    const asker = await h.signUp({ firstName: 'Ari' });
    const asked = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: asker.cookie,
      body: { position: 'Designer', message: 'I would love to design with you.' },
    });
    expect(asked.status).toBe(201);
    expect((await moveOut(slug, teamId, leader)).status).toBe(204);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).status).toBe(404);
    const listed = (await h.api('GET /api/teams', { query: { event: slug } })).body.items!;
    expect(listed).toEqual([]);
    const mine = await h.api('GET /api/me/notifications', { cookie: asker.cookie });
    expect(mine.body.requests).toContainEqual(expect.objectContaining({ id: asked.body.id, teamId: null, status: 'cancelled' }));
    const inbox = async (who: TestUser) =>
      (await h.api('GET /api/me/inbox', { cookie: who.cookie })).body.items!.map((i: { text: string }) => i.text);
    expect(await inbox(leader)).toContainEqual(expect.stringMatching(`removed you from Movers ${n}$`));
    expect(await inbox(asker)).toEqual([`Your request to join Movers ${n} was withdrawn: the team was deleted`]);
  });
});
