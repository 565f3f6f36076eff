/** Teams: creating, listing, showing, editing, deleting, and removing members. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { joinRequests, teamInvitations, teamMembers, teams } from '../../db/schema';
import { createHarness, offContract, type Harness, type TestInput, type TestUser } from '../../testing/harness';
import {
  addMember,
  createTeam,
  h,
  leader,
  member,
  membersOf,
  outsider,
  requestToJoin,
  requester,
  useTeamsWorld,
  validTeam,
  world,
} from '../../testing/worlds/teams';

useTeamsWorld();

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
    // Paging outside its declared limits is refused with the field's message (docs/api.md), never the whole list.
    const nonsense = await hx.api('GET /api/teams', { query: { page: -3, pageSize: 'abc' } });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body).toMatchObject({ code: 'invalid_query', fields: { page: expect.any(String) } });
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
