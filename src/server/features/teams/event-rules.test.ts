/**
 * Teams belong to one event, and the event's rules hold on the server (docs/product.md#events):
 * taking part first (registered on the spot while registration is open), the team size bounds,
 * teams per person, and after the team formation deadline no change but by an organizer. Lists
 * and suggestions filter by event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const message = 'I would love to build this with you.';

let h: Harness;
let organizer: TestUser;
beforeAll(async () => {
  h = await createHarness();
  organizer = await h.signUp({ firstName: 'Orla' });
});
afterAll(() => h.close());

let n = 0;
/** A published event run by `organizer`. */
async function event(over: Record<string, unknown> = {}) {
  const name = `Rules Hack ${++n}`;
  return { slug: await createEvent(h, organizer, { slug: `rules-${n}`, name, teamSizeMin: 2, teamSizeMax: 4, ...over }), name };
}
const lockNow = (slug: string) =>
  h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: organizer.cookie, body: { formationDeadline: at(-0.01) } });

async function team(by: TestUser, eventSlug: string, over: Record<string, unknown> = {}) {
  const res = await h.api('POST /api/teams', {
    cookie: by.cookie,
    body: {
      name: 'Rule Makers',
      description: 'A team that follows every rule there is.',
      openPositions: ['Designer'],
      event: eventSlug,
      ...over,
    },
  });
  return res;
}
const ask = (by: TestUser, teamId: string) =>
  h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position: 'Designer', message } });

describe('teams in an event', () => {
  it('a team is created in the named event (the featured one by default) and shows it; its creator takes part', async () => {
    const ev = await event();
    const leader = await h.signUp();
    const made = await team(leader, ev.slug);
    expect(made.status).toBe(201);
    const page = await h.api('GET /api/teams/{id}', { params: { id: made.body.id } });
    expect(page.body.event).toMatchObject({ slug: ev.slug, name: ev.name, formationLocked: false, teamSizeMin: 2, teamSizeMax: 4 });
    expect(page.body.maxSize).toBe(4);
    expect(
      (await h.api('GET /api/events/{slug}', { params: { slug: ev.slug }, cookie: leader.cookie })).body.viewer.registration,
    ).not.toBeNull();
    const byDefault = await team(leader, undefined as unknown as string);
    expect((await h.api('GET /api/teams/{id}', { params: { id: byDefault.body.id } })).body.event.slug).toBe(
      'worlds-largest-hackathon-2025',
    );
    expect((await team(leader, 'no-such-event')).status).toBe(404);
  });

  it("keeps a team's size within the event's bounds", async () => {
    const ev = await event({ teamSizeMin: 3, teamSizeMax: 5 });
    const leader = await h.signUp();
    const tooBig = await team(leader, ev.slug, { maxSize: 6 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields).toEqual({ maxSize: `A team in ${ev.name} has between 3 and 5 members` });
    const made = await team(leader, ev.slug, { maxSize: 5 });
    expect(made.status).toBe(201);
    const edit = await h.api('PATCH /api/teams/{id}', {
      params: { id: made.body.id },
      cookie: leader.cookie,
      body: { name: 'Rule Makers', description: null, isOpen: true, maxSize: 2 },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.code).toBe('team_size_bounds');
  });

  it('one team per person by default: a second team, or a request once in one, is refused', async () => {
    const ev = await event();
    const [a, b] = await Promise.all([h.signUp(), h.signUp()]);
    const first = await team(a, ev.slug);
    expect(first.status).toBe(201);
    const second = await team(a, ev.slug);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(`You can be in at most 1 team in ${ev.name}`);
    const other = await team(b, ev.slug);
    expect((await ask(a, other.body.id)).body.code).toBe('teams_per_person');
    // An invitation to someone already in a team there is refused too.
    const invited = await h.api('POST /api/invitations', {
      cookie: b.cookie,
      body: { teamId: other.body.id, profileId: a.profileId, role: 'Designer', message },
    });
    expect(invited.status).toBe(409);
    expect(invited.body.code).toBe('invitee_teams_per_person');
  });

  it('asking registers the person while registration is open, and is refused once it is closed', async () => {
    const open = await event();
    const closed = await event({ registrationOpensAt: at(-5), registrationClosesAt: at(-1) });
    const leader = await h.signUp();
    // The organizer puts a leader in the closed event's team (organizers may, whatever the dates).
    const openTeam = await team(leader, open.slug);
    const asker = await h.signUp();
    expect((await ask(asker, openTeam.body.id)).status).toBe(201);
    expect(
      (await h.api('GET /api/events/{slug}', { params: { slug: open.slug }, cookie: asker.cookie })).body.viewer.registration,
    ).toMatchObject({
      looking: true,
    });
    const refused = await team(leader, closed.slug);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Registration for ${closed.name} is closed`);
  });
});

describe('after the team formation deadline', () => {
  it('requests, invitations, accepts, leaving, removal and deleting are refused with the lock message; organizers still move people', async () => {
    const ev = await event();
    const [leader, member, asker, invitee, newcomer] = await Promise.all([h.signUp(), h.signUp(), h.signUp(), h.signUp(), h.signUp()]);
    // Organizers put in people taking part.
    for (const who of [member, newcomer])
      expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: who.cookie, body: {} })).status).toBe(
        200,
      );
    const made = await team(leader, ev.slug);
    const id = made.body.id;
    const request = await ask(asker, id);
    const invitation = await h.api('POST /api/invitations', {
      cookie: leader.cookie,
      body: { teamId: id, profileId: invitee.profileId, role: 'Designer', message },
    });
    await h.api('POST /api/events/{slug}/teams/{id}/members', {
      params: { slug: ev.slug, id },
      cookie: organizer.cookie,
      body: { profileId: member.profileId },
    });
    const teamPage = () => h.api('GET /api/teams/{id}', { params: { id } });
    expect((await teamPage()).body.event.formationLocked).toBe(false);
    expect((await lockNow(ev.slug)).body.formationLocked).toBe(true);
    // The instance that saved the deadline shows it on the team's page at once (it keeps what it read of events).
    expect((await teamPage()).body.event).toMatchObject({ formationLocked: true, formationDeadline: expect.any(String) });

    const lock = `Teams in ${ev.name} are locked: the team formation deadline has passed`;
    const refusals = [
      await ask(newcomer, id),
      await h.api('POST /api/invitations', {
        cookie: leader.cookie,
        body: { teamId: id, profileId: newcomer.profileId, role: 'Designer', message },
      }),
      await h.api('POST /api/join-requests/{id}/accept', { params: { id: request.body.id }, cookie: leader.cookie }),
      await h.api('POST /api/invitations/{id}/accept', { params: { id: invitation.body.id }, cookie: invitee.cookie }),
      await h.api('POST /api/teams/{id}/leave', { params: { id }, cookie: member.cookie }),
      await h.api('DELETE /api/teams/{id}/members/{profileId}', { params: { id, profileId: member.profileId }, cookie: leader.cookie }),
      await h.api('DELETE /api/teams/{id}', { params: { id }, cookie: leader.cookie }),
      await team(newcomer, ev.slug),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: lock, code: 'formation_locked' });
    }
    // Declining changes no team, and stays possible.
    expect((await h.api('POST /api/invitations/{id}/decline', { params: { id: invitation.body.id }, cookie: invitee.cookie })).status).toBe(
      200,
    );
    const leave = await h.api('DELETE /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: member.cookie });
    expect(leave.status).toBe(409);
    expect(leave.body!.code).toBe('leave_event_locked');

    // An organizer moves people in and out.
    expect(
      (
        await h.api('POST /api/events/{slug}/teams/{id}/members', {
          params: { slug: ev.slug, id },
          cookie: organizer.cookie,
          body: { profileId: newcomer.profileId },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await h.api('DELETE /api/events/{slug}/teams/{id}/members/{profileId}', {
          params: { slug: ev.slug, id, profileId: member.profileId },
          cookie: organizer.cookie,
        })
      ).status,
    ).toBe(204);
    const members = (await h.api('GET /api/teams/{id}', { params: { id } })).body.members.map((m: { id: string }) => m.id);
    expect(members).toEqual(expect.arrayContaining([leader.profileId, newcomer.profileId]));
    expect(members).not.toContain(member.profileId);
    // Not anyone: a participant is refused, a team of another event is not found.
    expect(
      (
        await h.api('POST /api/events/{slug}/teams/{id}/members', {
          params: { slug: ev.slug, id },
          cookie: leader.cookie,
          body: { profileId: member.profileId },
        })
      ).status,
    ).toBe(403);
    const elsewhere = await team(await h.signUp(), (await event()).slug);
    const wrongEvent = await h.api('POST /api/events/{slug}/teams/{id}/members', {
      params: { slug: ev.slug, id: elsewhere.body.id },
      cookie: organizer.cookie,
      body: { profileId: member.profileId },
    });
    expect(wrongEvent.status).toBe(404);
  });
});

describe('leaving an event', () => {
  it('takes the person out of its teams (a team they were alone in goes) and ends their asks there', async () => {
    const ev = await event();
    const [alone, asker] = await Promise.all([h.signUp(), h.signUp()]);
    const solo = await team(alone, ev.slug);
    const other = await team(await h.signUp(), ev.slug);
    await ask(asker, other.body.id);
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: alone.cookie })).status).toBe(204);
    expect((await h.api('GET /api/teams/{id}', { params: { id: solo.body.id } })).status).toBe(404);
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: asker.cookie })).status).toBe(204);
    const pending = await h.api('GET /api/me/notifications', { cookie: asker.cookie });
    expect(pending.body.requests[0].status).toBe('cancelled');
  });
});

describe('lists and suggestions by event', () => {
  it("GET /api/teams?event= lists the event's teams; GET /api/profiles?event=&looking=true its people looking there", async () => {
    const [one, two] = [await event(), await event()];
    // One after another: the list shows the newest first.
    const a = await h.signUp({ firstName: 'Aria' });
    const b = await h.signUp({ firstName: 'Bo' });
    const c = await h.signUp({ firstName: 'Cal' });
    const inOne = await team(a, one.slug);
    await team(b, two.slug);
    const teams = await h.api('GET /api/teams', { query: { event: one.slug } });
    expect(teams.body).toMatchObject({ total: 1, items: [{ id: inOne.body.id, event: { slug: one.slug, name: one.name } }] });
    expect((await h.api('GET /api/teams', { query: { event: 'no-such-event' } })).body.total).toBe(0);

    await h.api('PUT /api/events/{slug}/registration', { params: { slug: one.slug }, cookie: c.cookie, body: { looking: true } });
    // Bo looks for a team in general, but not in the first event.
    await h.api('PUT /api/events/{slug}/registration', { params: { slug: one.slug }, cookie: b.cookie, body: { looking: false } });
    const looking = await h.api('GET /api/profiles', { query: { event: one.slug, looking: true } });
    expect(looking.body.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Cal']);
    const everyone = await h.api('GET /api/profiles', { query: { event: one.slug } });
    expect(everyone.body.items.map((p: { firstName: string; lookingForTeam: boolean }) => [p.firstName, p.lookingForTeam])).toEqual([
      ['Cal', true],
      ['Bo', false],
      ['Aria', false],
    ]);
    // The total of everyone in an event is the event's count of its registrants: it follows who leaves.
    expect(everyone.body.total).toBe(3);
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug: one.slug }, cookie: c.cookie })).status).toBe(204);
    const after = await h.api('GET /api/profiles', { query: { event: one.slug } });
    expect(after.body).toMatchObject({ total: 2, items: [{ firstName: 'Bo' }, { firstName: 'Aria' }] });
  });

  it("an event's people follow the profile's looking flag until the registration sets its own, with skills and availability too, until they leave", async () => {
    const ev = await event();
    const dee = await h.signUp({ firstName: 'Dee' });
    await h.api('POST /api/profiles/{id}/skills', {
      params: { id: dee.profileId },
      cookie: dee.cookie,
      body: { skills: [{ name: 'Haskell', level: 'Advanced' }] },
    });
    const names = async (query: Record<string, unknown>) =>
      (await h.api('GET /api/profiles', { query: { event: ev.slug, ...query } })).body.items.map((p: { firstName: string }) => p.firstName);
    const combined = { looking: true, skills: ['Haskell'], availability: 'Flexible' };
    // Taking part without a flag of its own: looking there as the profile says (yes, on sign-up).
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: dee.cookie, body: {} })).status).toBe(
      200,
    );
    expect(await names({ looking: true })).toEqual(['Dee']);
    expect(await names(combined)).toEqual(['Dee']);
    const settings = (lookingForTeam: boolean) =>
      h.api('PUT /api/profiles/{id}/settings', { params: { id: dee.profileId }, cookie: dee.cookie, body: { lookingForTeam } });
    expect((await settings(false)).status).toBe(200);
    expect(await names({ looking: true })).toEqual([]);
    expect(await names(combined)).toEqual([]);
    expect(await names({})).toEqual(['Dee']);
    // Looking in this event though not in general: listed here, and not in the list of everyone looking.
    await h.api('PUT /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: dee.cookie, body: { looking: true } });
    expect(await names(combined)).toEqual(['Dee']);
    const everywhere = await h.api('GET /api/profiles', { query: { q: 'Dee', looking: true } });
    expect(everywhere.body.items.map((p: { id: string }) => p.id)).not.toContain(dee.profileId);
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug: ev.slug }, cookie: dee.cookie })).status).toBe(204);
    expect(await names({})).toEqual([]);
  });

  it("suggests only people taking part in the team's event, and only teams of events the person could join", async () => {
    const [one, two] = [await event(), await event()];
    const leader = await h.signUp();
    const made = await team(leader, one.slug, { openPositions: ['Dev'], positionSkills: { Dev: ['Haskell'] } });
    const [here, elsewhere] = await Promise.all([h.signUp({ firstName: 'Here' }), h.signUp({ firstName: 'Elsewhere' })]);
    for (const [who, slug] of [
      [here, one.slug],
      [elsewhere, two.slug],
    ] as const) {
      await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: who.cookie, body: { looking: true } });
      await h.api('POST /api/profiles/{id}/skills', {
        params: { id: who.profileId },
        cookie: who.cookie,
        body: { skills: [{ name: 'Haskell', level: 'Advanced' }] },
      });
    }
    const people = await h.api('GET /api/teams/{id}/suggestions', { params: { id: made.body.id }, cookie: leader.cookie });
    expect(people.body.items.map((p: { firstName: string }) => p.firstName)).toEqual(['Here']);
    const teamsForHere = await h.api('GET /api/me/suggested-teams', { cookie: here.cookie });
    expect(teamsForHere.body.items.map((t: { team: { id: string } }) => t.team.id)).toContain(made.body.id);
    // Once the event's teams are locked, nobody is suggested to a team there, nor it to anyone.
    await lockNow(one.slug);
    expect((await h.api('GET /api/teams/{id}/suggestions', { params: { id: made.body.id }, cookie: leader.cookie })).body.items).toEqual(
      [],
    );
    expect((await h.api('GET /api/me/suggested-teams', { cookie: here.cookie })).body.items).toEqual([]);
  });

  it("'Teams that need you' of one event (the teams list's filter) holds that event's teams only", async () => {
    const [one, two] = [await event(), await event()];
    const leader = await h.signUp();
    const dev = { openPositions: ['Dev'], positionSkills: { Dev: ['Haskell'] } };
    const [inOne, inTwo] = [(await team(leader, one.slug, dev)).body.id, (await team(leader, two.slug, dev)).body.id];
    const both = await h.signUp({ firstName: 'Both' });
    for (const slug of [one.slug, two.slug])
      await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: both.cookie, body: { looking: true } });
    await h.api('POST /api/profiles/{id}/skills', {
      params: { id: both.profileId },
      cookie: both.cookie,
      body: { skills: [{ name: 'Haskell', level: 'Advanced' }] },
    });
    const suggested = async (event?: string) =>
      (await h.api('GET /api/me/suggested-teams', { cookie: both.cookie, query: event === undefined ? {} : { event } })).body.items
        .map((t: { team: { id: string } }) => t.team.id)
        .sort();
    expect(await suggested()).toEqual([inOne, inTwo].sort());
    expect(await suggested(one.slug)).toEqual([inOne]);
    expect(await suggested(two.slug.toUpperCase())).toEqual([inTwo]);
    expect(await suggested('no-such-event')).toEqual([]);
  });

  it("'Teams that need you' leaves out an event where the person is in as many teams as it allows", async () => {
    const [one, open] = [await event(), await event({ teamsPerPerson: null })];
    const leader = await h.signUp();
    const dev = { openPositions: ['Dev'], positionSkills: { Dev: ['Elm'] } };
    const [inOne, inOpen] = [
      (await team(leader, one.slug, { ...dev, name: 'Elm Limited' })).body.id,
      (await team(leader, open.slug, { ...dev, name: 'Elm Unlimited' })).body.id,
    ];
    const seeker = await h.signUp({ firstName: 'Seeker' });
    for (const slug of [one.slug, open.slug])
      await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: seeker.cookie, body: { looking: true } });
    await h.api('POST /api/profiles/{id}/skills', {
      params: { id: seeker.profileId },
      cookie: seeker.cookie,
      body: { skills: [{ name: 'Elm', level: 'Advanced' }] },
    });
    const suggested = async () =>
      (await h.api('GET /api/me/suggested-teams', { cookie: seeker.cookie })).body.items
        .map((t: { team: { id: string } }) => t.team.id)
        .sort();
    expect(await suggested()).toEqual([inOne, inOpen].sort());
    // In a team of each event now: the first allows one team per person, the other any number.
    expect((await team(seeker, one.slug, { name: 'Own Limited' })).status).toBe(201);
    expect((await team(seeker, open.slug, { name: 'Own Unlimited' })).status).toBe(201);
    expect(await suggested()).toEqual([inOpen]);
    // As the server says when asked: the request would be refused.
    const asked = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: inOne },
      cookie: seeker.cookie,
      body: { position: 'Dev', message: 'I write Elm every day.' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(409);
  });
});
