/**
 * The organizer's desk (docs/product.md#the-organizers-desk): who may see and do what, the
 * dashboard's numbers, the unteamed list and its filters, CSV exports (quoting, formula injection,
 * any script) and announcements to each segment, with the record owners see.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

const slug = 'desk-hack';

let h: Harness;
let owner: TestUser, organizer: TestUser, moderator: TestUser, stranger: TestUser;
let alice: TestUser, bob: TestUser, carol: TestUser, dave: TestUser, erin: TestUser;
let teamId: string;

const register = (user: TestUser, looking?: boolean) =>
  h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: user.cookie, body: looking === undefined ? {} : { looking } });
const addSkills = (user: TestUser, names: string[]) =>
  h.api('POST /api/profiles/{id}/skills', {
    params: { id: user.profileId },
    cookie: user.cookie,
    body: { skills: names.map((name) => ({ name, level: 'Advanced' as const })) },
  });
const inboxTexts = async (user: TestUser) =>
  (await h.api('GET /api/me/inbox', { cookie: user.cookie })).body.items!.map((i: { text: string }) => i.text);

/** The site's public address (PUBLIC_URL): the exports' links are built on it, not on the address a request came to. */
const PUBLIC_URL = 'https://teams.example.org';

beforeAll(async () => {
  h = await createHarness({ social: { publicUrl: PUBLIC_URL } });
  [owner, organizer, moderator, stranger, alice, bob, carol, dave, erin] = await Promise.all([
    h.signUp({ firstName: 'Olga' }),
    h.signUp({ firstName: 'Orson' }),
    h.signUp({ firstName: 'Mona' }),
    h.signUp({ firstName: 'Stan' }),
    // A name a spreadsheet would run as a formula, with a comma and quotes; and one in another script.
    h.signUp({ firstName: '=HYPERLINK("x")', lastName: 'Smith, "Al"' }),
    h.signUp({ firstName: 'Bob', lastName: 'Leader' }),
    h.signUp({ firstName: 'Carol', lastName: 'Asker' }),
    h.signUp({ firstName: '李', lastName: 'Zoë' }),
    h.signUp({ firstName: 'Erin', lastName: 'Member' }),
  ]);
  await createEvent(h, owner, { slug, name: 'Desk Hack', teamSizeMin: 2, teamSizeMax: 4 });
  for (const [who, role] of [
    [organizer, 'organizer'],
    [moderator, 'moderator'],
  ] as const) {
    const added = await h.api('POST /api/events/{slug}/staff', {
      params: { slug },
      cookie: owner.cookie,
      body: { profileId: who.profileId, role },
    });
    expect(added.status).toBe(201);
  }
  // Registered one after another: the unteamed list is newest first.
  for (const user of [alice, carol, dave, erin, stranger]) expect((await register(user)).status).toBe(200);
  expect((await register(dave, false)).status).toBe(200);
  await addSkills(alice, ['Python', 'React']);
  await addSkills(dave, ['React']);
  await h.api('PUT /api/profiles/{id}/contact', { params: { id: dave.profileId }, cookie: dave.cookie, body: { timezone: 'UTC+1' } });
  const team = await h.api('POST /api/teams', {
    cookie: bob.cookie,
    body: {
      name: 'Green Route',
      description: 'Routing trucks through greener roads.',
      logoUrl: '',
      openPositions: ['Designer', 'Backend'],
      isOpen: true,
      event: slug,
    },
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  teamId = team.body.id;
  // Erin is in the team; Carol asks to join it.
  expect(
    (
      await h.api('POST /api/events/{slug}/teams/{id}/members', {
        params: { slug, id: teamId },
        cookie: owner.cookie,
        body: { profileId: erin.profileId },
      })
    ).status,
  ).toBe(204);
  const asked = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: carol.cookie,
    body: { position: 'Designer', message: 'I would love to design your maps.' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
});
afterAll(() => h.close());

describe('who may use the desk', () => {
  it('staff see the dashboard and the unteamed; others get 403, anonymous 401, an unknown event 404', async () => {
    for (const user of [owner, organizer, moderator]) {
      expect((await h.api('GET /api/events/{slug}/organize', { params: { slug }, cookie: user.cookie })).status).toBe(200);
      expect((await h.api('GET /api/events/{slug}/organize/unteamed', { params: { slug }, cookie: user.cookie })).status).toBe(200);
    }
    const denied = await h.api('GET /api/events/{slug}/organize', { params: { slug }, cookie: stranger.cookie });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Only the event's organizers can do this");
    expect((await h.api('GET /api/events/{slug}/organize/unteamed', { params: { slug }, cookie: alice.cookie })).status).toBe(403);
    expect((await h.api('GET /api/events/{slug}/organize', { params: { slug } })).status).toBe(401);
    expect((await h.api('GET /api/events/{slug}/organize', { params: { slug: 'no-such-event' }, cookie: owner.cookie })).status).toBe(404);
  });

  it('a draft is not found for anyone but its staff', async () => {
    await createEvent(h, stranger, { slug: 'desk-draft', name: 'Draft' }, { publish: false });
    expect((await h.api('GET /api/events/{slug}/organize', { params: { slug: 'desk-draft' }, cookie: owner.cookie })).status).toBe(404);
    expect((await h.api('GET /api/events/{slug}/organize', { params: { slug: 'desk-draft' }, cookie: stranger.cookie })).status).toBe(200);
  });

  it('moderators may not export or announce; only owners see the record', async () => {
    const exported = await h.api('GET /api/events/{slug}/organize/export/{list}', {
      params: { slug, list: 'registrants' },
      cookie: moderator.cookie,
    });
    expect(exported.status).toBe(403);
    const announced = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: moderator.cookie,
      body: { message: 'Hello everyone, welcome!', segment: { kind: 'everyone' } },
    });
    expect(announced.status).toBe(403);
    expect((await h.api('GET /api/events/{slug}/organize/records', { params: { slug }, cookie: organizer.cookie })).status).toBe(403);
    expect((await h.api('GET /api/events/{slug}/organize/records', { params: { slug }, cookie: owner.cookie })).status).toBe(200);
  });
});

describe('the dashboard', () => {
  it('counts registrants, teams, open positions and what waits for an answer', async () => {
    const res = await h.api('GET /api/events/{slug}/organize', { params: { slug }, cookie: moderator.cookie });
    expect(res.status).toBe(200);
    // alice, carol, dave, erin, stranger and bob (registered by creating the team); dave is not looking, bob and erin joined a team.
    expect(res.body.people).toEqual({ registrants: 6, looking: 3, inTeam: 2, withoutTeam: 4 });
    expect(res.body.teams).toEqual({ total: 1, open: 1, full: 0, closed: 0, bySize: [{ members: 2, teams: 1 }] });
    expect(res.body.positions).toMatchObject({ open: 2, byAge: expect.arrayContaining([{ label: 'Under 2 days', positions: 2 }]) });
    expect(res.body.pending).toEqual({ joinRequests: 1, joinRequestsStale: 0, invitations: 0, invitationsStale: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.days.at(-1)).toEqual({ day: today, registrations: 6, teamsFormed: 1 });
  });

  it('a request unanswered for over 48 hours counts as stale', async () => {
    await h.db.execute(sql`update join_requests set created_at = now() - interval '3 days' where team_id = ${teamId}`);
    // The numbers are kept a few seconds (DASHBOARD_TTL_MS) unless this instance writes: the change above went around it.
    const write = await h.api('PATCH /api/events/{slug}', { params: { slug }, cookie: owner.cookie, body: { lookingLapseDays: 14 } });
    expect(write.status).toBe(200);
    const res = await h.api('GET /api/events/{slug}/organize', { params: { slug }, cookie: owner.cookie });
    expect(res.body.pending).toMatchObject({ joinRequests: 1, joinRequestsStale: 1 });
  });
});

describe('the unteamed', () => {
  const names = (body: { items?: { person: { firstName: string } }[] }) => body.items!.map((i) => i.person.firstName);

  it('lists registrants in no team, newest first, and filters by skill, availability, time zone band and looking', async () => {
    const all = await h.api('GET /api/events/{slug}/organize/unteamed', { params: { slug }, cookie: owner.cookie });
    expect(all.body.total).toBe(4);
    expect(names(all.body)).toEqual(['Stan', '李', 'Carol', '=HYPERLINK("x")']);
    const python = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { skills: 'python' },
      cookie: owner.cookie,
    });
    expect(names(python.body)).toEqual(['=HYPERLINK("x")']);
    const react = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { skills: 'React' },
      cookie: owner.cookie,
    });
    expect(names(react.body)).toEqual(['李', '=HYPERLINK("x")']);
    const looking = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { skills: 'React', looking: true },
      cookie: owner.cookie,
    });
    expect(names(looking.body)).toEqual(['=HYPERLINK("x")']);
    const europe = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { band: 'europe-africa' },
      cookie: owner.cookie,
    });
    expect(names(europe.body)).toEqual(['李']);
    const fullTime = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { availability: 'Full Time' },
      cookie: owner.cookie,
    });
    expect(fullTime.body.total).toBe(0);
  });

  it('pages on the server', async () => {
    const second = await h.api('GET /api/events/{slug}/organize/unteamed', {
      params: { slug },
      query: { page: 2, pageSize: 3 },
      cookie: owner.cookie,
    });
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(second.body)).toEqual(['=HYPERLINK("x")']);
  });
});

describe('CSV exports', () => {
  const download = async (list: 'registrants' | 'teams' | 'unteamed', query: Record<string, string> = {}) => {
    const res = await h.api('GET /api/events/{slug}/organize/export/{list}', { params: { slug, list }, query, cookie: organizer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="desk-hack-unteamed|registrants|teams/);
    return res.body as unknown as string;
  };

  it('quotes commas, quotes and formulas, keeps any script, and starts with a byte order mark', async () => {
    const text = await download('unteamed', { skills: 'React' });
    expect(text.startsWith('Name,Email,Registered,Looking,Availability,Time zone,Skills,Profile\r\n')).toBe(true);
    // The byte order mark (a text decoder drops it, so it is read as bytes).
    const raw = await h.app.request(`http://localhost/api/events/${slug}/organize/export/unteamed?skills=React`, {
      headers: { cookie: organizer.cookie },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    // The formula is prefixed with ' and, holding quotes and a comma, quoted with its quotes doubled.
    expect(text).toContain(`"'=HYPERLINK(""x"") Smith, ""Al"""`);
    expect(text).toContain('李 Zoë');
    expect(text).toContain(`,${PUBLIC_URL}/profiles/${dave.profileId}`);
    expect(text).not.toContain('Carol');
  });

  it('lists registrants with their team and role, and teams with members and open positions', async () => {
    const registrants = await download('registrants');
    expect(registrants.trim().split('\r\n')).toHaveLength(7);
    expect(registrants).toMatch(/Erin Member,[^\r\n]*,Green Route,Team Member,/);
    expect(registrants).toMatch(/Bob Leader,[^\r\n]*,Green Route,Team Leader,/);
    const teams = await download('teams');
    expect(teams).toContain('Team,Members,Maximum size,Open,Open positions,Members (role),Leaders,Created,Page');
    expect(teams).toMatch(/Green Route,2,4,yes,Designer; Backend,Bob Leader \(Team Leader\); Erin Member \(Team Member\),Bob Leader,/);
    expect(teams).toContain(`,${PUBLIC_URL}/teams/${teamId}`);
  });
});

describe('announcements', () => {
  it('reach the segment: the unteamed with a skill get it in their inbox, a team member does not', async () => {
    const sent = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: organizer.cookie,
      body: { message: 'React people: teams need you!', segment: { kind: 'unteamed', filter: { skills: ['React'] } } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.recipientCount).toBe(2);
    expect(await inboxTexts(dave)).toContain('Desk Hack: React people: teams need you!');
    expect(await inboxTexts(alice)).toContain('Desk Hack: React people: teams need you!');
    expect(await inboxTexts(erin)).not.toContain('Desk Hack: React people: teams need you!');
    expect(await inboxTexts(carol)).not.toContain('Desk Hack: React people: teams need you!');
  });

  it('to leaders with stale requests, to a team, and to everyone (then listed on the event)', async () => {
    const send = (segment: Record<string, unknown>, message = 'A word from the organizers.') =>
      h.api('POST /api/events/{slug}/announcements', { params: { slug }, cookie: owner.cookie, body: { message, segment } as never });
    expect((await send({ kind: 'stale_leaders' })).body.recipientCount).toBe(1);
    expect((await send({ kind: 'team', teamId })).body.recipientCount).toBe(2);
    expect((await send({ kind: 'looking' })).body.recipientCount).toBe(3);
    const everyone = await send({ kind: 'everyone' }, 'Welcome to Desk Hack, everyone!');
    expect(everyone.body.recipientCount).toBe(6);
    const listed = await h.api('GET /api/events/{slug}/announcements', { params: { slug } });
    expect(listed.status).toBe(200);
    expect(listed.body.map((a: { message: string }) => a.message)).toEqual(['Welcome to Desk Hack, everyone!']);
    expect(listed.body[0].by).toMatchObject({ firstName: 'Olga' });
  });

  it('refuses a short message, a missing team and a team of another event', async () => {
    const short = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'Hi', segment: { kind: 'everyone' } },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields?.message).toBe('Message must be at least 10 characters');
    const noTeam = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'Hello team members!', segment: { kind: 'team' } },
    });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.fields?.['segment.teamId']).toBe('Choose a team');
    const other = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'Hello team members!', segment: { kind: 'team', teamId: '3f2c8a52-5b7e-4c1d-9a0e-2d6f1b8c4e77' } },
    });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('Team not found');
  });

  it('to a segment with no one in it: 409, and nothing is sent or recorded', async () => {
    const before = (await h.api('GET /api/events/{slug}/organize/records', { params: { slug }, cookie: owner.cookie })).body.length;
    const empty = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'COBOL people, where are you?', segment: { kind: 'unteamed', filter: { skills: ['COBOL'] } } },
    });
    expect(empty.status).toBe(409);
    expect(empty.body).toMatchObject({
      error: 'No one is in the group you chose: nothing was sent',
      code: 'announcement_no_recipients',
    });
    const records = await h.api('GET /api/events/{slug}/organize/records', { params: { slug }, cookie: owner.cookie });
    expect(records.body).toHaveLength(before);
    // Nor is the announcement kept: the whole write is undone.
    const [kept] = await queryRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from announcements where message = 'COBOL people, where are you?'`,
    );
    expect(kept.n).toBe(0);
  });

  it('every export and announcement is recorded for the owners', async () => {
    const records = await h.api('GET /api/events/{slug}/organize/records', { params: { slug }, cookie: owner.cookie });
    const summary = records.body.map((r: { kind: string; what: string; count: number }) => `${r.kind} ${r.what} ${r.count}`);
    expect(summary).toEqual(
      expect.arrayContaining([
        'export unteamed 2',
        'export registrants 6',
        'export teams 1',
        'announcement unteamed 2',
        'announcement everyone 6',
      ]),
    );
    const unteamed = records.body.find((r: { what: string; kind: string }) => r.kind === 'export' && r.what === 'unteamed');
    expect(unteamed).toMatchObject({ filter: { skills: ['React'] }, by: { firstName: 'Orson' }, role: 'organizer' });
  });
});
