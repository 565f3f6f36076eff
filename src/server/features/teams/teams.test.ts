import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { joinRequests, profiles, teamInvitations, teamMembers, teams } from '../../db/schema';
import {
  createHarness,
  offContract,
  type ErrorFields,
  type Harness,
  type TestInput,
  type TestResponse,
  type TestUser,
} from '../../testing/harness';

let h: Harness;
let leader: TestUser;
let member: TestUser;
let otherMember: TestUser;
let outsider: TestUser;
let requester: TestUser;
let invitee: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [leader, member, otherMember, outsider, requester, invitee] = await Promise.all(
    ['Lena', 'Mo', 'Otto', 'Olga', 'Remy', 'Ines'].map((firstName) => h.signUp({ firstName })),
  );
});
afterAll(() => h.close());

const validTeam = (over: Record<string, unknown> = {}) => ({
  name: 'Pixel Pushers',
  description: 'We build delightful accessible interfaces fast.',
  logoUrl: '',
  openPositions: ['Frontend Developer', 'Designer'],
  isOpen: true,
  ...over,
});
const message = 'I would love to help with the frontend.';

async function createTeam(by: TestUser = leader, over: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api('POST /api/teams', { cookie: by.cookie, body: validTeam(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function addMember(teamId: string, user: TestUser, role = 'Backend Developer') {
  await h.db.insert(teamMembers).values({ teamId, profileId: user.profileId, role, isLeader: false });
}

async function requestToJoin(teamId: string, by: TestUser = requester, position = 'Designer') {
  const res = await h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position, message } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function invite(teamId: string, to: TestUser = invitee, role = 'ML Engineer') {
  // Joining a team switches 'looking for a team' off (docs/product.md#joining); these tests invite the same people again.
  await h.db.update(profiles).set({ lookingForTeam: true }).where(eq(profiles.id, to.profileId));
  const res = await h.api('POST /api/invitations', {
    cookie: leader.cookie,
    body: { teamId, profileId: to.profileId, role, message: 'Join us, we need your skills!' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const membersOf = (teamId: string) => h.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));

/** A team with a leader, two plain members, a pending join request and a pending invitation. */
async function world() {
  const teamId = await createTeam();
  await addMember(teamId, member);
  await addMember(teamId, otherMember);
  const requestId = await requestToJoin(teamId);
  const invitationId = await invite(teamId);
  return { teamId, requestId, invitationId };
}

type World = Awaited<ReturnType<typeof world>>;
interface Mutation {
  name: string;
  /** The mutation, by the user of the cookie (anonymous without one). */
  call(w: World, cookie?: string): Promise<TestResponse<ErrorFields | null>>;
  success: number;
  /** Status for someone who is not allowed: 403, or 404 where the spec hides foreign ids. */
  denied: number;
}

describe('authorization table: every team mutation', () => {
  const mutations: Mutation[] = [
    {
      name: 'edit team',
      call: (w, cookie) =>
        h.api('PATCH /api/teams/{id}', { params: { id: w.teamId }, cookie, body: { name: 'Renamed', description: null, isOpen: false } }),
      success: 200,
      denied: 403,
    },
    {
      name: 'set open positions',
      call: (w, cookie) => h.api('PUT /api/teams/{id}/positions', { params: { id: w.teamId }, cookie, body: { openPositions: ['QA'] } }),
      success: 200,
      denied: 403,
    },
    {
      name: 'delete team',
      call: (w, cookie) => h.api('DELETE /api/teams/{id}', { params: { id: w.teamId }, cookie }),
      success: 204,
      denied: 403,
    },
    {
      name: 'remove a member',
      call: (w, cookie) =>
        h.api('DELETE /api/teams/{id}/members/{profileId}', { params: { id: w.teamId, profileId: otherMember.profileId }, cookie }),
      success: 204,
      denied: 403,
    },
    {
      name: 'list join requests',
      call: (w, cookie) => h.api('GET /api/teams/{id}/join-requests', { params: { id: w.teamId }, cookie }),
      success: 200,
      denied: 403,
    },
    {
      name: 'invite',
      call: (w, cookie) =>
        h.api('POST /api/invitations', {
          cookie,
          body: { teamId: w.teamId, profileId: outsider.profileId, role: 'QA', message: 'Please join our team!' },
        }),
      success: 201,
      denied: 403,
    },
    // docs/product.md#how-the-server-refuses: 'Request not found' for ids of teams you do not lead: foreign ids look unknown.
    {
      name: 'accept join request',
      call: (w, cookie) => h.api('POST /api/join-requests/{id}/accept', { params: { id: w.requestId }, cookie }),
      success: 200,
      denied: 404,
    },
    {
      name: 'decline join request',
      call: (w, cookie) => h.api('POST /api/join-requests/{id}/decline', { params: { id: w.requestId }, cookie }),
      success: 200,
      denied: 404,
    },
  ];

  for (const m of mutations) {
    it(`${m.name}: anonymous 401, another user ${m.denied}, a plain member ${m.denied}, a leader ${m.success}`, async () => {
      const w = await world();
      const call = (cookie?: string) => m.call(w, cookie);
      expect((await call()).status).toBe(401);
      const asOutsider = await call(outsider.cookie);
      expect(asOutsider.status).toBe(m.denied);
      expect(asOutsider.body!.error).toBeTruthy();
      expect((await call(member.cookie)).status).toBe(m.denied);
      const asLeader = await call(leader.cookie);
      expect(asLeader.status, JSON.stringify(asLeader.body)).toBe(m.success);
    });
  }

  // docs/product.md#how-the-server-refuses: 'Invitation not found' for anyone but the invited person, leaders included.
  for (const action of ['accept', 'decline'] as const) {
    it(`${action} invitation: anonymous 401, another user, a member and the leader 404, the invited person 200`, async () => {
      const w = await world();
      const call = (cookie?: string) => h.api(`POST /api/invitations/{id}/${action}`, { params: { id: w.invitationId }, cookie });
      expect((await call()).status).toBe(401);
      for (const user of [outsider, member, leader]) {
        const res = await call(user.cookie);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Invitation not found');
      }
      expect((await call(invitee.cookie)).status).toBe(200);
    });
  }

  it('creating a team needs a signed-in user with a profile', async () => {
    expect((await h.api('POST /api/teams', { body: validTeam() })).status).toBe(401);
    const lost = await h.signUp();
    await h.db.delete(profiles).where(eq(profiles.id, lost.profileId));
    const res = await h.api('POST /api/teams', { cookie: lost.cookie, body: validTeam() });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('User profile not found');
  });

  it('a join request needs a signed-in user', async () => {
    const teamId = await createTeam();
    const res = await h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, body: { position: 'Designer', message } });
    expect(res.status).toBe(401);
  });

  it('unknown and malformed team ids are 404 Team not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const cookie = leader.cookie;
      for (const call of [
        () => h.api('GET /api/teams/{id}', { params: { id }, cookie }),
        () => h.api('PATCH /api/teams/{id}', { params: { id }, cookie, body: { name: 'x', isOpen: true } }),
        () => h.api('DELETE /api/teams/{id}', { params: { id }, cookie }),
      ]) {
        const res = await call();
        expect(res.status).toBe(404);
        expect(res.body!.error).toBe('Team not found');
      }
    }
  });
});

describe('create team', () => {
  it('creates the team and the creator as Team Leader, trimmed, blanks and duplicates dropped', async () => {
    const id = await createTeam(leader, {
      name: '  Trimmed Team  ',
      description: '  A description that is long enough.  ',
      logoUrl: ' https://example.com/logo.png ',
      openPositions: [' Frontend ', '', '  ', 'frontend', 'Backend'],
    });
    const [team] = await h.db.select().from(teams).where(eq(teams.id, id));
    expect(team).toMatchObject({
      name: 'Trimmed Team',
      description: 'A description that is long enough.',
      logoUrl: 'https://example.com/logo.png',
      openPositions: ['Frontend', 'Backend'],
      isOpen: true,
    });
    expect(await membersOf(id)).toEqual([expect.objectContaining({ profileId: leader.profileId, role: 'Team Leader', isLeader: true })]);
  });

  it('is open by default and keeps an explicit closed choice; a blank logo is stored as null', async () => {
    const { isOpen: _omit, ...withoutOpen } = validTeam();
    const res = await h.api('POST /api/teams', { cookie: leader.cookie, body: withoutOpen });
    expect(res.status).toBe(201);
    const detail = await h.api('GET /api/teams/{id}', { params: { id: res.body.id } });
    expect(detail.body).toMatchObject({ isOpen: true, logoUrl: null });
    const closed = await createTeam(leader, { isOpen: false });
    expect((await h.api('GET /api/teams/{id}', { params: { id: closed } })).body.isOpen).toBe(false);
  });

  it.each([
    [{ name: 'ab' }, 'name', 'Team name must be at least 3 characters'],
    [{ name: '   ab  ' }, 'name', 'Team name must be at least 3 characters'],
    [{ description: 'too short' }, 'description', 'Description must be at least 20 characters'],
    [{ logoUrl: 'not a url' }, 'logoUrl', 'Invalid logo URL'],
    [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', 'Invalid logo URL'],
    [{ openPositions: ['', '   '] }, 'openPositions', 'At least one open position is required'],
    [{ openPositions: [] }, 'openPositions', 'At least one open position is required'],
  ])('rejects %j with "%s: %s" and creates nothing', async (over, field, msg) => {
    const before = (await h.db.select().from(teams)).length;
    const res = await h.api('POST /api/teams', { cookie: leader.cookie, body: validTeam(over) });
    expect(res.status).toBe(400);
    expect(res.body.fields![field]).toBe(msg);
    expect((await h.db.select().from(teams)).length).toBe(before);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const res = await h.api('POST /api/teams', { cookie: leader.cookie, body: offContract('{oops') });
    expect(res.status).toBe(400);
  });
});

describe('list teams', () => {
  let hx: Harness;
  let owner: TestUser;
  beforeAll(async () => {
    hx = await createHarness();
    owner = await hx.signUp();
  });
  afterAll(() => hx.close());

  const make = async (name: string, description: string, isOpen = true) => {
    const res = await hx.api('POST /api/teams', { cookie: owner.cookie, body: validTeam({ name, description, isOpen }) });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  it('lists newest first with member counts, searches name and description case-insensitively, filters open, pages', async () => {
    const a = await make('Alpha Squad', 'Builds rockets for 100% of the fun_stuff.');
    const b = await make('Beta Crew', 'Works on CLIMATE data and maps for cities.', false);
    const c = await make('Gamma Group', 'A team for rockets and satellites in orbit.');
    const other = await hx.signUp();
    await hx.db.insert(teamMembers).values({ teamId: a, profileId: other.profileId, role: 'Dev' });

    const all = await hx.api('GET /api/teams');
    expect(all.status).toBe(200);
    expect(all.body.items.map((t: { id: string }) => t.id)).toEqual([c, b, a]);
    expect(all.body.total).toBe(3);
    expect(all.body.items[2]).toMatchObject({
      name: 'Alpha Squad',
      memberCount: 2,
      isOpen: true,
      openPositions: ['Frontend Developer', 'Designer'],
    });

    const search = async (query: TestInput<'GET /api/teams'>['query']) => (await hx.api('GET /api/teams', { query })).body;
    expect((await search({ q: 'ROCKETS' })).items.map((t: { id: string }) => t.id)).toEqual([c, a]);
    expect((await search({ q: 'climate' })).items.map((t: { id: string }) => t.id)).toEqual([b]);
    expect((await search({ q: 'beta crew' })).total).toBe(1);
    expect((await search({ q: 'rockets', open: true })).total).toBe(2);
    expect((await search({ open: true })).items.map((t: { id: string }) => t.id)).toEqual([c, a]);
    // LIKE wildcards in the search text are literal characters.
    expect((await search({ q: '%' })).items.map((t: { id: string }) => t.id)).toEqual([a]);
    expect((await search({ q: '_' })).items.map((t: { id: string }) => t.id)).toEqual([a]);
    expect((await search({ q: 'nothing-like-this' })).total).toBe(0);

    const page2 = await search({ pageSize: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((t: { id: string }) => t.id)).toEqual([a]);
    // Nonsense paging falls back to defaults instead of failing.
    expect((await hx.api('GET /api/teams', { query: { page: -3, pageSize: 'abc' } })).status).toBe(200);
  });
});

describe('team detail', () => {
  it('shows members with names, leaders first, and the viewer flags', async () => {
    const teamId = await createTeam();
    await addMember(teamId, member, 'Designer');
    const anon = await h.api('GET /api/teams/{id}', { params: { id: teamId } });
    expect(anon.status).toBe(200);
    expect(anon.body.members).toHaveLength(2);
    expect(anon.body.members[0]).toMatchObject({ id: leader.profileId, role: 'Team Leader', isLeader: true, firstName: 'Lena' });
    expect(anon.body.members[1]).toMatchObject({ id: member.profileId, role: 'Designer', isLeader: false, name: expect.any(String) });
    expect(anon.body).toMatchObject({ memberCount: 2, viewer: { isMember: false, isLeader: false, hasPendingRequest: false } });

    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: leader.cookie })).body.viewer).toEqual({
      isMember: true,
      isLeader: true,
      hasPendingRequest: false,
      pendingRequestId: null,
    });
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: member.cookie })).body.viewer).toEqual({
      isMember: true,
      isLeader: false,
      hasPendingRequest: false,
      pendingRequestId: null,
    });
    const requestId = await requestToJoin(teamId);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId }, cookie: requester.cookie })).body.viewer).toEqual({
      isMember: false,
      isLeader: false,
      hasPendingRequest: true,
      pendingRequestId: requestId,
    });
  });
});

describe('edit, positions, delete, remove', () => {
  it('edits name, description and openness; a blank name is "Team name is required"', async () => {
    const teamId = await createTeam();
    const blank = await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: '   ', description: 'x', isOpen: true },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields!.name).toBe('Team name is required');
    const ok = await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: ' New Name ', description: '', isOpen: false },
    });
    expect(ok.status).toBe(200);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body).toMatchObject({
      name: 'New Name',
      description: null,
      isOpen: false,
    });
  });

  it('replaces open positions, ignoring blanks and duplicates; an empty list is allowed', async () => {
    const teamId = await createTeam();
    const res = await h.api('PUT /api/teams/{id}/positions', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { openPositions: ['Designer', ' ', 'designer', ' QA '] },
    });
    expect(res.status).toBe(200);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.openPositions).toEqual(['Designer', 'QA']);
    await h.api('PUT /api/teams/{id}/positions', { params: { id: teamId }, cookie: leader.cookie, body: { openPositions: [] } });
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.openPositions).toEqual([]);
    const bad = await h.api('PUT /api/teams/{id}/positions', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: offContract({ openPositions: 'Designer' }),
    });
    expect(bad.status).toBe(400);
  });

  it('deleting a team takes its members, requests and invitations with it', async () => {
    const w = await world();
    expect((await h.api('DELETE /api/teams/{id}', { params: { id: w.teamId }, cookie: leader.cookie })).status).toBe(204);
    expect(await membersOf(w.teamId)).toEqual([]);
    expect(await h.db.select().from(joinRequests).where(eq(joinRequests.teamId, w.teamId))).toEqual([]);
    expect(await h.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, w.teamId))).toEqual([]);
    expect((await h.api('GET /api/teams/{id}', { params: { id: w.teamId } })).status).toBe(404);
  });

  it('removes a plain member, never a leader (not even themselves); unknown members are 404', async () => {
    const teamId = await createTeam();
    await addMember(teamId, member);
    const removeLeader = await h.api('DELETE /api/teams/{id}/members/{profileId}', {
      params: { id: teamId, profileId: leader.profileId },
      cookie: leader.cookie,
    });
    expect(removeLeader.status).toBe(403);
    expect(removeLeader.body!.error).toBe('A team leader cannot be removed');
    expect(
      (
        await h.api('DELETE /api/teams/{id}/members/{profileId}', {
          params: { id: teamId, profileId: outsider.profileId },
          cookie: leader.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.api('DELETE /api/teams/{id}/members/{profileId}', {
          params: { id: teamId, profileId: member.profileId },
          cookie: leader.cookie,
        })
      ).status,
    ).toBe(204);
    expect((await membersOf(teamId)).map((m) => m.profileId)).toEqual([leader.profileId]);
  });

  it('a co-leader cannot remove another leader either', async () => {
    const teamId = await createTeam();
    await h.db.insert(teamMembers).values({ teamId, profileId: member.profileId, role: 'Co-lead', isLeader: true });
    const res = await h.api('DELETE /api/teams/{id}/members/{profileId}', {
      params: { id: teamId, profileId: leader.profileId },
      cookie: member.cookie,
    });
    expect(res.status).toBe(403);
    expect(await membersOf(teamId)).toHaveLength(2);
  });
});

describe('join requests', () => {
  const send = (teamId: string, body: TestInput<'POST /api/teams/{id}/join-requests'>['body'], by: TestUser = requester) =>
    h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body });

  it('stores the position in its own column and lists pending requests to the leader, newest first', async () => {
    const teamId = await createTeam();
    const first = await requestToJoin(teamId, requester, 'designer');
    const second = await requestToJoin(teamId, outsider, 'Frontend Developer');
    const [row] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, first));
    expect(row).toMatchObject({ position: 'Designer', message, status: 'pending' });
    const list = await h.api('GET /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: leader.cookie });
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([second, first]);
    expect(list.body[1]).toMatchObject({
      position: 'Designer',
      message,
      status: 'pending',
      requester: { id: requester.profileId, firstName: 'Remy' },
    });
    await h.api('POST /api/join-requests/{id}/decline', { params: { id: second }, cookie: leader.cookie });
    const after = await h.api('GET /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: leader.cookie });
    expect(after.body.map((r: { id: string }) => r.id)).toEqual([first]);
  });

  it.each([
    [{ position: '', message }, 'position', 'Please select a position'],
    [{ position: 'Designer', message: 'too short' }, 'message', 'Message must be at least 10 characters'],
    [{ position: 'Designer', message: '          x' }, 'message', 'Message must be at least 10 characters'],
    [{ position: 'Designer', message: 'x'.repeat(501) }, 'message', 'Message must not exceed 500 characters'],
    [{ position: 'Astronaut', message }, 'position', 'This position is not open in this team'],
  ])('rejects %j with 400 (%s: %s)', async (body, field, msg) => {
    const teamId = await createTeam();
    const res = await send(teamId, body);
    expect(res.status).toBe(400);
    expect(res.body.fields![field]).toBe(msg);
  });

  it('accepts messages of exactly 10 and 500 characters', async () => {
    const teamId = await createTeam();
    expect((await send(teamId, { position: 'Designer', message: 'x'.repeat(10) })).status).toBe(201);
    expect((await send(teamId, { position: 'Designer', message: 'y'.repeat(500) }, outsider)).status).toBe(201);
  });

  it('refuses members, closed teams, and a second pending request (409)', async () => {
    const teamId = await createTeam();
    const asLeader = await send(teamId, { position: 'Designer', message }, leader);
    expect(asLeader.status).toBe(409);
    expect(asLeader.body.error).toBe('You are already a member of this team');

    const closed = await createTeam(leader, { isOpen: false });
    const res = await send(closed, { position: 'Designer', message });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This team is not accepting new members');

    await requestToJoin(teamId);
    const again = await send(teamId, { position: 'Frontend Developer', message });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You already have a pending request to join this team');
    expect((await send('00000000-0000-4000-8000-000000000000', { position: 'Designer', message })).status).toBe(404);
  });

  it('parallel duplicate requests leave exactly one pending request', async () => {
    const teamId = await createTeam();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(teamId, { position: 'Designer', message })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const rows = await h.db
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.teamId, teamId), eq(joinRequests.profileId, requester.profileId)));
    expect(rows).toHaveLength(1);
  });

  it('after a decline, the person may ask again', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId);
    await h.api('POST /api/join-requests/{id}/decline', { params: { id }, cookie: leader.cookie });
    expect((await send(teamId, { position: 'Designer', message })).status).toBe(201);
  });

  it('accept makes the requester a member with the position as role; the request becomes accepted', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId, requester, 'Frontend Developer');
    const res = await h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie });
    expect(res.status).toBe(200);
    const joined = (await membersOf(teamId)).find((m) => m.profileId === requester.profileId);
    expect(joined).toMatchObject({ role: 'Frontend Developer', isLeader: false });
    const [row] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, id));
    expect(row.status).toBe('accepted');
    expect(row.respondedAt).not.toBeNull();
  });

  it('falls back to the role "Team Member" when the stored position is blank', async () => {
    const teamId = await createTeam();
    const [row] = await h.db
      .insert(joinRequests)
      .values({ teamId, teamName: 'Pixel Pushers', profileId: requester.profileId, position: ' ', message })
      .returning();
    expect((await h.api('POST /api/join-requests/{id}/accept', { params: { id: row.id }, cookie: leader.cookie })).status).toBe(200);
    expect((await membersOf(teamId)).find((m) => m.profileId === requester.profileId)?.role).toBe('Team Member');
  });

  it('decline changes only the status', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId);
    expect((await h.api('POST /api/join-requests/{id}/decline', { params: { id }, cookie: leader.cookie })).status).toBe(200);
    expect(await membersOf(teamId)).toHaveLength(1);
    const [row] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, id));
    expect(row.status).toBe('declined');
  });

  it('accepting after a decline (or answering twice) fails with 409 and makes no membership', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId);
    await h.api('POST /api/join-requests/{id}/decline', { params: { id }, cookie: leader.cookie });
    const accept = await h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie });
    expect(accept.status).toBe(409);
    expect(accept.body.error).toBe('This request has already been declined');
    expect(await membersOf(teamId)).toHaveLength(1);

    const id2 = await requestToJoin(teamId);
    await h.api('POST /api/join-requests/{id}/accept', { params: { id: id2 }, cookie: leader.cookie });
    const decline = await h.api('POST /api/join-requests/{id}/decline', { params: { id: id2 }, cookie: leader.cookie });
    expect(decline.status).toBe(409);
    expect(decline.body.error).toBe('This request has already been accepted');
    expect((await membersOf(teamId)).filter((m) => m.profileId === requester.profileId)).toHaveLength(1);
  });

  it('unknown request ids are 404 Request not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Request not found');
    }
  });

  it('20 parallel accepts of one request give exactly one membership, and only one answer succeeds', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await membersOf(teamId)).filter((m) => m.profileId === requester.profileId)).toHaveLength(1);
  });

  it('two leaders answering at once (accept vs decline) never both win', async () => {
    const teamId = await createTeam();
    await h.db.insert(teamMembers).values({ teamId, profileId: member.profileId, role: 'Co-lead', isLeader: true });
    const id = await requestToJoin(teamId);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie })),
      ...Array.from({ length: 5 }, () => h.api('POST /api/join-requests/{id}/decline', { params: { id }, cookie: member.cookie })),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const [row] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, id));
    const joined = (await membersOf(teamId)).filter((m) => m.profileId === requester.profileId);
    expect(joined).toHaveLength(row.status === 'accepted' ? 1 : 0);
  });
});

describe('invitations', () => {
  type Invitation = TestInput<'POST /api/invitations'>['body'];
  const sendInvite = (body: Omit<Invitation, 'role' | 'message'> & Partial<Invitation>, by: TestUser = leader) =>
    h.api('POST /api/invitations', { cookie: by.cookie, body: { role: 'QA', message: 'Please join our team!', ...body } });

  it('led teams lists only the teams the viewer leads, and what a candidate already has', async () => {
    const a = await createTeam(leader, { name: 'Led Alpha' });
    const b = await createTeam(leader, { name: 'Led Beta' });
    const notMine = await createTeam(outsider, { name: 'Not Mine' });
    await addMember(notMine, leader);
    const res = await h.api('GET /api/me/led-teams', { cookie: leader.cookie });
    expect(res.status).toBe(200);
    const names = res.body.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Led Alpha', 'Led Beta']));
    expect(names).not.toContain('Not Mine');

    await addMember(a, member);
    await invite(b, member);
    const withCandidate = await h.api('GET /api/me/led-teams', { query: { candidate: member.profileId }, cookie: leader.cookie });
    expect(withCandidate.body.find((t: { id: string }) => t.id === a)).toMatchObject({ candidateIsMember: true, candidateInvited: false });
    expect(withCandidate.body.find((t: { id: string }) => t.id === b)).toMatchObject({ candidateIsMember: false, candidateInvited: true });
    expect((await h.api('GET /api/me/led-teams')).status).toBe(401);
  });

  it.each([
    [{ role: '' }, 'role', 'Please specify a role'],
    [{ role: '   ' }, 'role', 'Please specify a role'],
    [{ message: 'short' }, 'message', 'Message must be at least 10 characters'],
    [{ message: 'z'.repeat(501) }, 'message', 'Message must not exceed 500 characters'],
  ])('rejects %j with 400 (%s: %s)', async (over, field, msg) => {
    const teamId = await createTeam();
    const res = await sendInvite({ teamId, profileId: invitee.profileId, ...over });
    expect(res.status).toBe(400);
    expect(res.body.fields![field]).toBe(msg);
  });

  it('refuses unknown teams and profiles, members, people not looking for a team, and a second pending invitation', async () => {
    const teamId = await createTeam();
    expect((await sendInvite({ teamId: '00000000-0000-4000-8000-000000000000', profileId: invitee.profileId })).body.error).toBe(
      'Team not found',
    );
    const unknown = await sendInvite({ teamId, profileId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Profile not found');

    await addMember(teamId, member);
    const asMember = await sendInvite({ teamId, profileId: member.profileId });
    expect(asMember.status).toBe(409);
    expect(asMember.body.error).toBe('This person is already a member of this team');
    expect((await sendInvite({ teamId, profileId: leader.profileId })).status).toBe(409);

    const busy = await h.signUp({ firstName: 'Busy' });
    await h.db.update(profiles).set({ lookingForTeam: false }).where(eq(profiles.id, busy.profileId));
    const notLooking = await sendInvite({ teamId, profileId: busy.profileId });
    expect(notLooking.status).toBe(409);
    expect(notLooking.body.error).toBe('This person is not looking for a team');

    expect((await sendInvite({ teamId, profileId: invitee.profileId })).status).toBe(201);
    const again = await sendInvite({ teamId, profileId: invitee.profileId, role: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This person already has a pending invitation to this team');
  });

  it('accept makes the invited person a member with the invited role; answering again is 409', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId, invitee, 'ML Engineer');
    const res = await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie });
    expect(res.status).toBe(200);
    expect((await membersOf(teamId)).find((m) => m.profileId === invitee.profileId)).toMatchObject({
      role: 'ML Engineer',
      isLeader: false,
    });
    const again = await h.api('POST /api/invitations/{id}/decline', { params: { id }, cookie: invitee.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This invitation has already been accepted');
  });

  it('decline changes only the status; the leader may invite again afterwards', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId);
    expect((await h.api('POST /api/invitations/{id}/decline', { params: { id }, cookie: invitee.cookie })).status).toBe(200);
    expect(await membersOf(teamId)).toHaveLength(1);
    const accept = await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie });
    expect(accept.status).toBe(409);
    await invite(teamId);
  });

  it('parallel accepts of one invitation give exactly one membership', async () => {
    const teamId = await createTeam();
    const id = await invite(teamId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: invitee.cookie })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await membersOf(teamId)).filter((m) => m.profileId === invitee.profileId)).toHaveLength(1);
  });

  it('unknown invitation ids are 404 Invitation not found', async () => {
    const res = await h.api('POST /api/invitations/{id}/accept', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      cookie: invitee.cookie,
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Invitation not found');
  });
});
