/**
 * A draft is seen by its staff only, and an event a platform admin hid by its staff and admins
 * (docs/product.md#events): so no one takes part in either or forms a team there, an event people
 * take part in does not go back to a draft, and a hidden event's teams and people are listed to no
 * one, its teams' pages open to their members, its staff and admins only.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/harness';
import { admin, at, create, h, owner, stranger, useEventsWorld } from '../../testing/worlds/events';

useEventsWorld();
const OPEN = { registrationOpensAt: at(-1), registrationClosesAt: at(5) };

const draft = (over: Record<string, unknown> = {}) => create(owner, { name: 'Quiet Hack', ...OPEN, ...over });
const patch = (slug: string, body: Record<string, unknown>, by = owner) =>
  h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: by.cookie, body });
const takePart = (slug: string, by: TestUser) =>
  h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: by.cookie, body: { looking: true } });
const newTeam = (slug: string, by: TestUser, name = 'Hidden Crew') =>
  h.api('POST /api/teams', {
    cookie: by.cookie,
    body: { name, description: 'A team in a quiet event.', openPositions: ['Designer'], event: slug },
  });
const teamNamesOverAll = async (by?: TestUser) =>
  (await h.api('GET /api/teams', { cookie: by?.cookie, query: { pageSize: 100 } })).body.items.map((t) => t.name);
const searchNames = async (q: string) => (await h.api('GET /api/teams', { query: { q, pageSize: 100 } })).body.items.map((t) => t.name);

describe('a draft', () => {
  it('takes no part and no team, even from its staff, and its page says so', async () => {
    const slug = await draft();
    const took = await takePart(slug, owner);
    expect(took.status).toBe(409);
    expect(took.body).toMatchObject({
      code: 'event_not_public',
      error: 'Quiet Hack is not published yet: no one can take part in it or form teams there until it is',
    });
    const team = await newTeam(slug, owner);
    expect(team.status).toBe(409);
    expect(team.body.code).toBe('event_not_public');
    const page = await h.api('GET /api/events/{slug}', { params: { slug }, cookie: owner.cookie });
    expect(page.body).toMatchObject({ state: 'draft', registrationOpen: false, registrantCount: 0, teamCount: 0 });
    // Published, the same person takes part.
    expect((await patch(slug, { state: 'published' })).status).toBe(200);
    expect((await takePart(slug, owner)).status).toBe(200);
  });

  it('an event goes back to a draft only while no one takes part in it', async () => {
    const slug = await draft();
    expect((await patch(slug, { state: 'published' })).status).toBe(200);
    expect((await patch(slug, { state: 'draft' })).status).toBe(200);
    expect((await patch(slug, { state: 'published' })).status).toBe(200);
    expect((await takePart(slug, stranger)).status).toBe(200);
    const back = await patch(slug, { state: 'draft' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({
      code: 'event_has_participants',
      error: 'People take part in Quiet Hack: it cannot go back to a draft (a platform admin can hide it)',
    });
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body.state).toBe('published');
    // Nothing else in the refused edit was saved.
    const both = await patch(slug, { state: 'draft', tagline: 'Changed' });
    expect(both.status).toBe(409);
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body.tagline).toBe('Build for spring');
    // Once the last one leaves, it can.
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie })).status).toBe(204);
    expect((await patch(slug, { state: 'draft' })).status).toBe(200);
  });
});

describe('an event a platform admin hid', () => {
  let slug: string;
  let teamId: string;
  let member: TestUser;
  beforeAll(async () => {
    slug = await draft({ name: 'Shady Hack' });
    expect((await patch(slug, { state: 'published' })).status).toBe(200);
    member = await h.signUp({ firstName: 'Mia' });
    const created = await newTeam(slug, member, 'Shady Crew');
    expect(created.status).toBe(201);
    teamId = created.body.id;
    expect((await takePart(slug, stranger)).status).toBe(200);
    // Someone with the skill the team needs, suggested to it while the event is shown.
    const skills = { skills: [{ name: 'Figma', level: 'Advanced' as const }] };
    expect(
      (await h.api('POST /api/profiles/{id}/skills', { params: { id: stranger.profileId }, cookie: stranger.cookie, body: skills })).status,
    ).toBe(200);
    const positions = { openPositions: ['Designer'], positionSkills: { Designer: ['Figma'] } };
    expect((await h.api('PUT /api/teams/{id}/positions', { params: { id: teamId }, cookie: member.cookie, body: positions })).status).toBe(
      200,
    );
    expect((await suggestedTo(member)).map((p) => p.id)).toContain(stranger.profileId);
    const sunny = await draft({ name: 'Sunny Hack' });
    expect((await patch(sunny, { state: 'published' })).status).toBe(200);
    expect((await newTeam(sunny, await h.signUp({ firstName: 'Sol' }), 'Sunny Crew')).status).toBe(201);
    expect(await teamNamesOverAll()).toEqual(expect.arrayContaining(['Shady Crew', 'Sunny Crew']));
    expect((await patch(slug, { hidden: true }, admin)).status).toBe(200);
  });

  const suggestedTo = async (leader: TestUser) =>
    (await h.api('GET /api/teams/{id}/suggestions', { params: { id: teamId }, cookie: leader.cookie })).body.items as { id: string }[];

  it('its teams leave every public list, over all events and filtered by it; so do its people', async () => {
    expect(await teamNamesOverAll()).not.toContain('Shady Crew');
    expect(await teamNamesOverAll(stranger)).not.toContain('Shady Crew');
    expect(await searchNames('shady')).toEqual([]);
    const open = (await h.api('GET /api/teams', { query: { open: true, pageSize: 100 } })).body.items.map((t) => t.name);
    expect(open).not.toContain('Shady Crew');
    const inEvent = await h.api('GET /api/teams', { query: { event: slug } });
    expect(inEvent.body).toMatchObject({ items: [], total: 0 });
    const people = await h.api('GET /api/profiles', { query: { event: slug } });
    expect(people.body).toMatchObject({ items: [], total: 0 });
    const lookingThere = await h.api('GET /api/profiles', { query: { event: slug, looking: true } });
    expect(lookingThere.body).toMatchObject({ items: [], total: 0 });
    // Other events' teams are still there, and counted without it.
    const all = await h.api('GET /api/teams', { query: { pageSize: 100 } });
    expect(all.body.items.map((t) => t.name)).toContain('Sunny Crew');
    expect(all.body.total).toBe(all.body.items.length);
  });

  it("its team's page is 404 to others, and open to its members, the event's staff and admins", async () => {
    const as = (by?: TestUser) => h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: by?.cookie });
    const signedOut = await as();
    expect(signedOut.status).toBe(404);
    expect(signedOut.body.error).toBe('Team not found');
    expect((await as(stranger)).status).toBe(404);
    expect((await as(member)).status).toBe(200);
    expect((await as(owner)).status).toBe(200);
    expect((await as(admin)).status).toBe(200);
  });

  it('no one acts in it: those taking part neither form teams nor ask to join', async () => {
    // To them it is not there; its staff are told why.
    const team = await newTeam(slug, stranger, 'Second Crew');
    expect(team.status).toBe(404);
    expect(team.body.error).toBe('Event not found');
    const byStaff = await newTeam(slug, owner, 'Second Crew');
    expect(byStaff.status).toBe(409);
    expect(byStaff.body).toMatchObject({
      code: 'event_not_public',
      error: 'Shady Hack is hidden by a platform admin: no one can take part in it or form teams there',
    });
    // Asking to join its team: not there either (its page is 404), and the event is not named.
    const ask = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: stranger.cookie,
      body: { position: 'Designer', message: 'I would love to help you build this.' },
    });
    expect(ask.status).toBe(404);
    expect(ask.body.error).toBe('Team not found');
    // Its team's leader is suggested no one from it.
    expect(await suggestedTo(member)).toEqual([]);
  });

  it('what is in it is reported only by those who see it: others are told it is not there', async () => {
    const report = (by: TestUser) =>
      h.api('POST /api/reports', { cookie: by.cookie, body: { targetKind: 'team', targetId: teamId, reason: 'spam' } });
    const unseen = await report(stranger);
    expect(unseen.status).toBe(404);
    expect((await report(owner)).status).toBe(201);
    expect((await report(admin)).status).toBe(201);
    expect(unseen.body.error).toBe(
      (
        await h.api('POST /api/reports', {
          cookie: stranger.cookie,
          body: { targetKind: 'team', targetId: '00000000-0000-4000-8000-000000000000', reason: 'spam' },
        })
      ).body.error,
    );
  });

  it("its team's other routes are 404 to those who do not see it, as for an unknown id, not 403", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const routes = (id: string) => [
      h.api('GET /api/teams/{id}/join-requests', { params: { id }, cookie: stranger.cookie }),
      h.api('PATCH /api/teams/{id}', { params: { id }, cookie: stranger.cookie, body: { name: 'Mine now', isOpen: true } }),
      h.api('POST /api/invitations', {
        cookie: stranger.cookie,
        body: { teamId: id, profileId: member.profileId, role: 'Designer', message: 'Join us, we would love to have you.' },
      }),
    ];
    const answers = async (id: string) => (await Promise.all(routes(id))).map((r) => [r.status, (r.body as { error?: string }).error]);
    expect(await answers(teamId)).toEqual(await answers(unknown));
    expect((await answers(teamId))[0]).toEqual([404, 'Team not found']);
    // An admin sees it, and is told why they cannot ask to join.
    const asked = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: admin.cookie,
      body: { position: 'Designer', message: 'I would love to help you build this.' },
    });
    expect(asked.body.code).toBe('event_not_public');
  });

  it('those taking part can still leave it; to anyone else it is not there', async () => {
    const leave = (by: TestUser) => h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: by.cookie });
    const outsider = await h.signUp({ firstName: 'Otto' });
    const notThere = await leave(outsider);
    expect(notThere.status).toBe(404);
    expect(notThere.body).toMatchObject({ error: 'Event not found' });
    // They still see it, among their events, to leave it; no one else does.
    const page = await h.api('GET /api/events/{slug}', { params: { slug }, cookie: stranger.cookie });
    expect(page.body).toMatchObject({ hidden: true, viewer: { staffRole: null, registration: { looking: true } } });
    expect((await h.api('GET /api/events/{slug}', { params: { slug }, cookie: outsider.cookie })).status).toBe(404);
    const mine = await h.api('GET /api/events', { query: { mine: true, pageSize: 100 }, cookie: stranger.cookie });
    expect(mine.body.items.map((e) => e.slug)).toContain(slug);
    const registrants = async () =>
      (await h.api('GET /api/events/{slug}', { params: { slug }, cookie: owner.cookie })).body.registrantCount;
    const before = await registrants();
    expect((await leave(stranger)).status).toBe(204);
    expect(await registrants()).toBe(before - 1);
    expect((await leave(stranger)).status).toBe(404);
    expect((await h.api('GET /api/events/{slug}', { params: { slug }, cookie: stranger.cookie })).status).toBe(404);
  });

  it('shown again, its teams are listed again', async () => {
    expect((await patch(slug, { hidden: false }, admin)).status).toBe(200);
    expect(await teamNamesOverAll()).toContain('Shady Crew');
    expect((await h.api('GET /api/teams', { query: { event: slug } })).body.total).toBe(1);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).status).toBe(200);
    expect((await patch(slug, { hidden: true }, admin)).status).toBe(200);
  });
});

describe('a save made on another instance', () => {
  it("reaches this instance's lists and pages within a second, not when its kept copy is due", async () => {
    const slug = await draft({ name: 'Far Hack' });
    expect((await patch(slug, { state: 'published' })).status).toBe(200);
    const created = await newTeam(slug, await h.signUp({ firstName: 'Fay' }), 'Far Crew');
    expect(created.status).toBe(201);
    const page = () => h.api('GET /api/teams/{id}', { params: { id: created.body.id } });
    // This instance reads the event with the team's page and its lists, and keeps it.
    expect((await page()).body.event).toMatchObject({ slug, name: 'Far Hack' });
    expect(await teamNamesOverAll()).toContain('Far Crew');
    // Another instance saves it: a statement of its own, not this instance's route.
    await h.db.execute(sql`update events set name = 'Far Hack Hidden', hidden = true where slug = ${slug}`);
    const since = Date.now();
    while ((await page()).status !== 404) {
      expect(Date.now() - since, "the hidden event's team is still shown").toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await teamNamesOverAll()).not.toContain('Far Crew');
    expect((await h.api('GET /api/teams', { query: { event: slug } })).body).toMatchObject({ items: [], total: 0 });
    await h.db.execute(sql`update events set hidden = false where slug = ${slug}`);
    while ((await page()).status !== 200) {
      expect(Date.now() - since, 'the event shown again is still hidden here').toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await page()).body.event).toMatchObject({ name: 'Far Hack Hidden' });
  });
});
