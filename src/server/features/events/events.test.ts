/**
 * Events as data (docs/product.md#events): creating and publishing, who sees a draft or a hidden
 * event, the staff and its routes, taking part, and the featured event.
 */
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/harness';
import { admin, at, create, h, newEvent, owner, stranger, useEventsWorld } from '../../testing/worlds/events';

useEventsWorld();
const publish = (slug: string, by = owner) =>
  h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: by.cookie, body: { state: 'published' } });

describe('the 2025 hackathon', () => {
  it('is there from the migration, published and featured, with no limit on teams per person', async () => {
    const featured = await h.api('GET /api/events/featured');
    expect(featured.status).toBe(200);
    expect(featured.body).toMatchObject({
      slug: 'worlds-largest-hackathon-2025',
      name: "World's Largest Hackathon",
      phase: 'past',
      state: 'published',
      teamsPerPerson: null,
      prizePool: '$1,000,000+',
      buildStartsAt: '2025-05-30T00:00:00.000Z',
      registrationOpen: true,
      formationLocked: false,
    });
    expect(featured.body.schedule.map((s: { title: string }) => s.title)).toEqual([
      'Kickoff Party',
      'Hackathon Begins',
      'Hackathon Ends',
      'Award Ceremony',
    ]);
  });
});

describe('creating and publishing', () => {
  it('needs a signed-in person; starts as a draft, seen by its staff only', async () => {
    expect((await h.api('POST /api/events', { body: newEvent() })).status).toBe(401);
    const slug = await create(owner);
    const mine = await h.api('GET /api/events/{slug}', { params: { slug }, cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ state: 'draft', viewer: { staffRole: 'owner', registration: null, isAdmin: false } });
    for (const cookie of [stranger.cookie, undefined]) {
      const other = await h.api('GET /api/events/{slug}', { params: { slug }, cookie });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Event not found');
    }
    const listed = await h.api('GET /api/events', { query: { pageSize: 100 } });
    expect(listed.body.items.map((e: { slug: string }) => e.slug)).not.toContain(slug);
    const own = await h.api('GET /api/events', { query: { mine: true, pageSize: 100 }, cookie: owner.cookie });
    expect(own.body.items.map((e: { slug: string }) => e.slug)).toContain(slug);

    expect((await publish(slug)).status).toBe(200);
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body).toMatchObject({ state: 'published', phase: 'upcoming' });
  });

  it('refuses a bad address, a taken one, and dates out of order, naming the field', async () => {
    const bad = await h.api('POST /api/events', { cookie: owner.cookie, body: newEvent({ slug: 'Spring Hack!' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields!.slug).toMatch(/lower-case letters, digits and dashes/);
    expect((await h.api('POST /api/events', { cookie: owner.cookie, body: newEvent({ slug: 'new' }) })).status).toBe(400);
    const slug = await create(owner);
    const taken = await h.api('POST /api/events', { cookie: stranger.cookie, body: newEvent({ slug }) });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'slug_taken', fields: { slug: 'This address is already taken: choose another' } });
    const backwards = await h.api('POST /api/events', {
      cookie: owner.cookie,
      body: newEvent({ buildStartsAt: at(12), submissionDeadline: at(10) }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields!.submissionDeadline).toBe('The submission deadline must be after the build starts');
    const zone = await h.api('POST /api/events', { cookie: owner.cookie, body: newEvent({ timezone: 'Mars/Olympus' }) });
    expect(zone.body.fields!.timezone).toMatch(/Unknown time zone/);
    // An edit is checked with the dates it leaves as they are.
    const edit = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { submissionDeadline: at(5) } });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual({ submissionDeadline: 'The submission deadline must be after the build starts' });
  });

  it('lists published events by phase: upcoming soonest first, past ones latest first', async () => {
    const later = await create(owner, { name: 'Later', buildStartsAt: at(40), submissionDeadline: at(41), awardsAt: null });
    const sooner = await create(owner, { name: 'Sooner', buildStartsAt: at(20), submissionDeadline: at(21), awardsAt: null });
    const running = await create(owner, { name: 'Running', buildStartsAt: at(-1), submissionDeadline: at(1), awardsAt: null });
    for (const slug of [later, sooner, running]) await publish(slug);
    const upcoming = (await h.api('GET /api/events', { query: { phase: 'upcoming', pageSize: 100 } })).body.items.map(
      (e: { slug: string }) => e.slug,
    );
    expect(upcoming.indexOf(sooner)).toBeLessThan(upcoming.indexOf(later));
    expect(upcoming).not.toContain(running);
    const runningNow = (await h.api('GET /api/events', { query: { phase: 'running' } })).body;
    expect(runningNow.items.map((e: { slug: string }) => e.slug)).toContain(running);
    const past = (await h.api('GET /api/events', { query: { phase: 'past' } })).body.items.map((e: { slug: string }) => e.slug);
    expect(past).toContain('worlds-largest-hackathon-2025');
    expect(past).not.toContain(running);
  });
});

describe('who may change an event', () => {
  it('owners and organizers edit; moderators and others are refused; a draft is 404 to others', async () => {
    const slug = await create(owner);
    const edit = (by?: TestUser) =>
      h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: by?.cookie, body: { tagline: 'New words' } });
    expect((await edit()).status).toBe(401);
    expect((await edit(stranger)).status).toBe(404);
    await publish(slug);
    const refused = await edit(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "Only the event's organizers can do this", code: 'not_event_staff' });
    // Nor an edit of nothing: the event is not marked changed for those who sync it.
    const before = (await h.api('GET /api/events/{slug}', { params: { slug } })).body.updatedAt;
    expect((await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: stranger.cookie, body: {} })).status).toBe(403);
    expect((await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: {} })).body.updatedAt).toBe(before);
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body.updatedAt).toBe(before);
    await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie, body: {} });
    await h.api('POST /api/events/{slug}/staff', {
      params: { slug },
      cookie: owner.cookie,
      body: { profileId: stranger.profileId, role: 'moderator' },
    });
    expect((await edit(stranger)).status).toBe(403);
    await h.api('PATCH /api/events/{slug}/staff/{profileId}', {
      params: { slug, profileId: stranger.profileId },
      cookie: owner.cookie,
      body: { role: 'organizer' },
    });
    expect((await edit(stranger)).status).toBe(200);
    expect((await edit(owner)).body.tagline).toBe('New words');
  });

  it('only a platform admin hides an event; then only its staff and admins see it', async () => {
    const slug = await create(owner);
    await publish(slug);
    const byOwner = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { hidden: true } });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.code).toBe('not_admin');
    const byAdmin = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: admin.cookie, body: { hidden: true } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ hidden: true, viewer: { isAdmin: true } });
    expect((await h.api('GET /api/events/{slug}', { params: { slug }, cookie: stranger.cookie })).status).toBe(404);
    expect((await h.api('GET /api/events/{slug}', { params: { slug }, cookie: owner.cookie })).status).toBe(200);
    const listed = (await h.api('GET /api/events', { query: { pageSize: 100 } })).body.items.map((e: { slug: string }) => e.slug);
    expect(listed).not.toContain(slug);
  });

  it('only a platform admin chooses the featured event', async () => {
    const slug = await create(owner);
    await publish(slug);
    expect((await h.api('PUT /api/events/featured', { cookie: owner.cookie, body: { slug } })).status).toBe(403);
    expect((await h.api('PUT /api/events/featured', { cookie: admin.cookie, body: { slug } })).status).toBe(200);
    expect((await h.api('GET /api/events/featured')).body.slug).toBe(slug);
    await h.api('PUT /api/events/featured', { cookie: admin.cookie, body: { slug: 'worlds-largest-hackathon-2025' } });
  });

  it('an event back to a draft, or hidden, is featured no more: a team made without naming an event does not learn its name', async () => {
    for (const change of [{ state: 'draft' }, { hidden: true }] as const) {
      const slug = await create(owner);
      await publish(slug);
      expect((await h.api('PUT /api/events/featured', { cookie: admin.cookie, body: { slug } })).status).toBe(200);
      const by = 'hidden' in change ? admin : owner;
      expect(
        (
          await h.api('PATCH /api/events/{slug}', {
            params: { slug },
            cookie: by.cookie,
            body: { ...change, ...('state' in change && { name: 'Secret Summit' }) },
          })
        ).status,
      ).toBe(200);
      expect((await h.api('GET /api/events/featured', { cookie: stranger.cookie })).body.code).toBe('event_not_found');
      const made = await h.api('POST /api/teams', {
        cookie: stranger.cookie,
        body: { name: 'No Event Named', description: 'A team made without naming an event.', openPositions: ['Designer'] },
      });
      expect(made.status).toBe(404);
      expect(made.body.code).toBe('event_not_found');
    }
    await h.api('PUT /api/events/featured', { cookie: admin.cookie, body: { slug: 'worlds-largest-hackathon-2025' } });
  });
});

describe('staff', () => {
  it('every staff route: 401 signed out, 404 for a draft to others, 403 to non-staff of a published event', async () => {
    const slug = await create(owner);
    const routes = [
      () => ['GET', `/api/events/${slug}/staff`, undefined] as const,
      () => ['POST', `/api/events/${slug}/staff`, { profileId: stranger.profileId, role: 'organizer' }] as const,
      () => ['PATCH', `/api/events/${slug}/staff/${owner.profileId}`, { role: 'moderator' }] as const,
      () => ['DELETE', `/api/events/${slug}/staff/${owner.profileId}`, undefined] as const,
    ];
    for (const route of routes) {
      const [method, path, body] = route();
      expect((await h.request(method, path, { body })).status).toBe(401);
      expect((await h.request(method, path, { cookie: stranger.cookie, body })).status).toBe(404);
    }
    await publish(slug);
    for (const route of routes) {
      const [method, path, body] = route();
      expect((await h.request(method, path, { cookie: stranger.cookie, body })).status).toBe(403);
    }
    // Nothing changed.
    const staff = await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie });
    expect(staff.body).toEqual([expect.objectContaining({ role: 'owner', email: owner.email })]);
  });

  it('owners add a registrant by email, change roles, and an event always keeps an owner; a moderator of one event cannot act in another', async () => {
    const slug = await create(owner);
    await publish(slug);
    const other = await create(owner);
    await publish(other);
    const notYet = await h.api('POST /api/events/{slug}/staff', {
      params: { slug },
      cookie: owner.cookie,
      body: { email: stranger.email, role: 'moderator' },
    });
    expect(notYet.status).toBe(404);
    expect(notYet.body.fields!.email).toBe('No one taking part in this event has this email');
    await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie, body: {} });
    const added = await h.api('POST /api/events/{slug}/staff', {
      params: { slug },
      cookie: owner.cookie,
      body: { email: stranger.email.toUpperCase(), role: 'moderator' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ role: 'moderator', person: { id: stranger.profileId } });
    expect((await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: stranger.cookie })).status).toBe(200);
    expect((await h.api('GET /api/events/{slug}/staff', { params: { slug: other }, cookie: stranger.cookie })).status).toBe(403);
    // A moderator does not name the staff.
    const byModerator = await h.api('PATCH /api/events/{slug}/staff/{profileId}', {
      params: { slug, profileId: owner.profileId },
      cookie: stranger.cookie,
      body: { role: 'moderator' },
    });
    expect(byModerator.status).toBe(403);
    const last = await h.api('PATCH /api/events/{slug}/staff/{profileId}', {
      params: { slug, profileId: owner.profileId },
      cookie: owner.cookie,
      body: { role: 'organizer' },
    });
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('An event needs an owner: make someone else an owner first');
    expect(
      (await h.api('DELETE /api/events/{slug}/staff/{profileId}', { params: { slug, profileId: owner.profileId }, cookie: owner.cookie }))
        .status,
    ).toBe(409);
    // Anyone may leave the staff themselves.
    expect(
      (
        await h.api('DELETE /api/events/{slug}/staff/{profileId}', {
          params: { slug, profileId: stranger.profileId },
          cookie: stranger.cookie,
        })
      ).status,
    ).toBe(204);
    expect((await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: stranger.cookie })).status).toBe(403);
  });

  it('adding someone by their profile does not reveal their email, until they take part; each sees their own', async () => {
    const slug = await create(owner);
    const someone = await h.signUp({ firstName: 'Private' });
    const added = await h.api('POST /api/events/{slug}/staff', {
      params: { slug },
      cookie: owner.cookie,
      body: { profileId: someone.profileId, role: 'organizer' },
    });
    expect(added.status).toBe(201);
    expect(added.body.email).toBeNull();
    const emailOf = async (viewer: TestUser, of: TestUser) =>
      (await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: viewer.cookie })).body.find(
        (m: { person: { id: string } }) => m.person.id === of.profileId,
      )?.email;
    expect(await emailOf(owner, someone)).toBeNull();
    expect(await emailOf(owner, owner)).toBe(owner.email);
    expect(await emailOf(someone, someone)).toBe(someone.email);
    expect(JSON.stringify((await h.api('GET /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie })).body)).not.toContain(
      someone.email,
    );
    // Taking part, they are a registrant like any other, whose email the owners and organizers see (in
    // the exports); a moderator sees no one's but their own.
    await publish(slug);
    await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: someone.cookie, body: {} });
    expect(await emailOf(owner, someone)).toBe(someone.email);
    const moderator = await h.signUp({ firstName: 'Moe' });
    const asModerator = { profileId: moderator.profileId, role: 'moderator' as const };
    expect((await h.api('POST /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie, body: asModerator })).status).toBe(201);
    expect(await emailOf(moderator, someone)).toBeNull();
    expect(await emailOf(moderator, moderator)).toBe(moderator.email);
    expect(await emailOf(someone, someone)).toBe(someone.email);
  });
});

describe('taking part', () => {
  it('registers while registration is open, with a looking flag and a line; changes them later', async () => {
    const slug = await create(owner, { registrationOpensAt: at(-1), registrationClosesAt: at(5) });
    await publish(slug);
    const person = await h.signUp();
    const took = await h.api('PUT /api/events/{slug}/registration', {
      params: { slug },
      cookie: person.cookie,
      body: { looking: true, intent: 'Frontend and a bit of design' },
    });
    expect(took.status).toBe(200);
    expect(took.body).toMatchObject({ looking: true, intent: 'Frontend and a bit of design' });
    const page = await h.api('GET /api/events/{slug}', { params: { slug }, cookie: person.cookie });
    expect(page.body.viewer.registration).toMatchObject({ looking: true });
    expect(page.body.registrantCount).toBe(1);
    const changed = await h.api('PUT /api/events/{slug}/registration', {
      params: { slug },
      cookie: person.cookie,
      body: { looking: false },
    });
    expect(changed.body).toMatchObject({ looking: false, intent: null });
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: person.cookie })).status).toBe(204);
    expect((await h.api('GET /api/events/{slug}', { params: { slug } })).body.registrantCount).toBe(0);
    expect((await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: person.cookie })).status).toBe(404);
  });

  it('refuses to register before registration opens or after it closes', async () => {
    const early = await create(owner, { registrationOpensAt: at(2), registrationClosesAt: at(5) });
    const late = await create(owner, { registrationOpensAt: at(-5), registrationClosesAt: at(-1) });
    for (const slug of [early, late]) {
      await publish(slug);
      const res = await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie, body: {} });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'Registration for Spring Hack is closed', code: 'registration_closed' });
    }
  });

  it('closes registration when the event is over if it has no closing date; the 2025 event keeps its rule and stays open', async () => {
    const over = await create(owner, { buildStartsAt: at(-10), submissionDeadline: at(-3), awardsAt: at(-1) });
    await publish(over);
    expect((await h.api('GET /api/events/{slug}', { params: { slug: over } })).body).toMatchObject({
      registrationOpen: false,
      registrationNeverCloses: false,
    });
    const took = await h.api('PUT /api/events/{slug}/registration', { params: { slug: over }, cookie: stranger.cookie, body: {} });
    expect(took.status).toBe(409);
    expect(took.body).toMatchObject({ error: 'Registration for Spring Hack is closed', code: 'registration_closed' });
    // Making a team there would register them: refused alike, and nothing is written.
    const team = await h.api('POST /api/teams', {
      cookie: stranger.cookie,
      body: { name: 'Too Late Crew', description: 'A team made after the awards.', openPositions: ['Designer'], event: over },
    });
    expect(team.status).toBe(409);
    expect(team.body.code).toBe('registration_closed');
    expect((await h.api('GET /api/teams', { query: { event: over } })).body.total).toBe(0);
    // Migration 0013's event, over since July 2025, never closes (docs/product.md#the-2025-hackathon-and-the-demo).
    const legacy = 'worlds-largest-hackathon-2025';
    expect((await h.api('GET /api/events/{slug}', { params: { slug: legacy } })).body).toMatchObject({
      registrationOpen: true,
      registrationNeverCloses: true,
    });
    const joined = await h.api('PUT /api/events/{slug}/registration', { params: { slug: legacy }, cookie: stranger.cookie, body: {} });
    expect(joined.status).toBe(200);
  });

  it("a team card names its event, and the event's new name as soon as an organizer saves it", async () => {
    const slug = await create(owner, { registrationOpensAt: at(-1), registrationClosesAt: at(5) });
    await publish(slug);
    const created = await h.api('POST /api/teams', {
      cookie: owner.cookie,
      body: { name: 'Card Crew', description: 'A team to show on a card.', openPositions: ['Designer'], event: slug },
    });
    expect(created.status).toBe(201);
    const card = async () => (await h.api('GET /api/teams', { query: { event: slug } })).body.items.find((t) => t.name === 'Card Crew');
    expect((await card())?.event).toEqual({ slug, name: 'Spring Hack' });
    const renamed = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { name: 'Summer Hack' } });
    expect(renamed.status).toBe(200);
    expect((await card())?.event).toEqual({ slug, name: 'Summer Hack' });
  });

  it('cannot take part in a draft of someone else', async () => {
    const slug = await create(owner);
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: stranger.cookie, body: {} })).status).toBe(404);
  });
});
