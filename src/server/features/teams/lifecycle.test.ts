/**
 * The team lifecycle (docs/product.md#team-lifecycle): leaving, handing over, team size,
 * cancelling a request, withdrawing an invitation, and what joining does to the rest. Each
 * action for each actor, and the races, on whichever database the suite runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { joinRequests, notifications, profiles, teamInvitations, teamMembers, teams } from '../../db/schema';
import { createHarness, offContract, type Harness, type TestUser } from '../../testing/harness';

let h: Harness;
let leader: TestUser;
let coLeader: TestUser;
let member: TestUser;
let outsider: TestUser;
let people: TestUser[];

beforeAll(async () => {
  h = await createHarness();
  [leader, coLeader, member, outsider, ...people] = await Promise.all(
    ['Lena', 'Cora', 'Mo', 'Olga', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6'].map((firstName) => h.signUp({ firstName })),
  );
});
afterAll(() => h.close());

const message = 'I would love to help you build this.';
const looking = (user: TestUser, value = true) =>
  h.db.update(profiles).set({ lookingForTeam: value }).where(eq(profiles.id, user.profileId));

async function createTeam(over: Record<string, unknown> = {}, by: TestUser = leader): Promise<string> {
  const res = await h.api('POST /api/teams', {
    cookie: by.cookie,
    body: { name: 'Life Cycle', description: 'A team that changes over its life.', openPositions: ['Designer', 'Developer'], ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const addMember = (teamId: string, user: TestUser, isLeader = false) =>
  h.db.insert(teamMembers).values({ teamId, profileId: user.profileId, role: isLeader ? 'Team Leader' : 'Developer', isLeader });
/** A team led by `leader` and `coLeader`, with `member` in it. */
async function teamWithTwoLeaders(over: Record<string, unknown> = {}) {
  const teamId = await createTeam({ maxSize: 6, ...over });
  await addMember(teamId, coLeader, true);
  await addMember(teamId, member);
  return teamId;
}
const membersOf = async (teamId: string) =>
  (await h.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((m) => ({ id: m.profileId, isLeader: m.isLeader }));
const askToJoin = async (teamId: string, by: TestUser, position = 'Designer') =>
  h.api('POST /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: by.cookie, body: { position, message } });
async function requestId(teamId: string, by: TestUser) {
  const res = await askToJoin(teamId, by);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
async function invite(teamId: string, to: TestUser, by: TestUser = leader) {
  await looking(to);
  return h.api('POST /api/invitations', {
    cookie: by.cookie,
    body: { teamId, profileId: to.profileId, role: 'Designer', message: 'Come and design with us!' },
  });
}
const notificationsOf = async (user: TestUser) =>
  h.db
    .select({ kind: notifications.kind, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.profileId, user.profileId));

describe('leaving a team', () => {
  it('anonymous 401; someone not in the team 404; a member leaves and the leaders are told', async () => {
    const teamId = await teamWithTwoLeaders();
    expect((await h.api('POST /api/teams/{id}/leave', { params: { id: teamId } })).status).toBe(401);
    expect(await h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: outsider.cookie })).toMatchObject({
      status: 404,
      body: { error: 'You are not a member of this team' },
    });
    const left = await h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: member.cookie });
    expect(left).toMatchObject({ status: 200, body: { left: true } });
    expect((await membersOf(teamId)).map((m) => m.id)).not.toContain(member.profileId);
    const team = await h.api('GET /api/teams/{id}', { params: { id: teamId } });
    expect(team.body.memberCount).toBe(2);
    for (const lead of [leader, coLeader]) {
      expect(await notificationsOf(lead)).toContainEqual({
        kind: 'member_left',
        data: expect.objectContaining({ teamId, teamName: 'Life Cycle', by: { id: member.profileId, name: expect.any(String) } }),
      });
    }
    // Leaving again: no longer a member.
    expect((await h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: member.cookie })).status).toBe(404);
  });

  it('a leader leaves only while another leader remains', async () => {
    const teamId = await teamWithTwoLeaders();
    expect((await h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: coLeader.cookie })).status).toBe(200);
    const last = await h.api('POST /api/teams/{id}/leave', { params: { id: teamId }, cookie: leader.cookie });
    expect(last).toMatchObject({ status: 409, body: { error: 'Make another member leader before you leave' } });
    expect(await membersOf(teamId)).toContainEqual({ id: leader.profileId, isLeader: true });
  });
});

describe('making a member leader, and stepping down', () => {
  const setLeader = (teamId: string, target: TestUser, isLeader: boolean, by?: TestUser) =>
    h.api('PATCH /api/teams/{id}/members/{profileId}', {
      params: { id: teamId, profileId: target.profileId },
      cookie: by?.cookie,
      body: { isLeader },
    });

  it('anonymous 401, an outsider and a plain member 403, a leader and another leader 200; the new leader is told', async () => {
    const teamId = await teamWithTwoLeaders();
    expect((await setLeader(teamId, member, true)).status).toBe(401);
    expect((await setLeader(teamId, member, true, outsider)).status).toBe(403);
    expect((await setLeader(teamId, member, true, member)).status).toBe(403);
    expect(await setLeader(teamId, member, true, coLeader)).toMatchObject({ status: 200, body: { isLeader: true } });
    expect(await membersOf(teamId)).toContainEqual({ id: member.profileId, isLeader: true });
    expect(await notificationsOf(member)).toContainEqual({
      kind: 'made_leader',
      data: expect.objectContaining({ teamId, by: expect.objectContaining({ id: coLeader.profileId }) }),
    });
    // A leader makes another leader a member again.
    expect((await setLeader(teamId, member, false, leader)).status).toBe(200);
    expect(await membersOf(teamId)).toContainEqual({ id: member.profileId, isLeader: false });
    expect((await setLeader(teamId, outsider, true, leader)).status).toBe(404);
    expect(
      (
        await h.api('PATCH /api/teams/{id}/members/{profileId}', {
          params: { id: teamId, profileId: member.profileId },
          cookie: leader.cookie,
          body: offContract({ isLeader: 'yes' }),
        })
      ).status,
    ).toBe(400);
  });

  it('a leader steps down while another leader remains; the last leader cannot', async () => {
    const teamId = await teamWithTwoLeaders();
    expect((await setLeader(teamId, leader, false, leader)).status).toBe(200);
    const last = await setLeader(teamId, coLeader, false, coLeader);
    expect(last).toMatchObject({ status: 409, body: { error: 'A team needs a leader: make another member leader first' } });
    // The one who stepped down is a member now, and can no longer hand out leadership.
    expect((await setLeader(teamId, member, true, leader)).status).toBe(403);
  });

  it('two leaders demoting each other at once never leave the team without a leader', async () => {
    for (let round = 0; round < 5; round++) {
      const teamId = await teamWithTwoLeaders();
      const answers = await Promise.all([setLeader(teamId, coLeader, false, leader), setLeader(teamId, leader, false, coLeader)]);
      // Whichever runs second finds its author no longer leads the team.
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
      expect((await membersOf(teamId)).filter((m) => m.isLeader)).toHaveLength(1);
    }
  });

  it('a leader is removed only after being made a member; the removed member is told', async () => {
    const teamId = await teamWithTwoLeaders();
    expect(
      (
        await h.api('DELETE /api/teams/{id}/members/{profileId}', {
          params: { id: teamId, profileId: coLeader.profileId },
          cookie: leader.cookie,
        })
      ).status,
    ).toBe(403);
    expect((await setLeader(teamId, coLeader, false, leader)).status).toBe(200);
    expect(
      (
        await h.api('DELETE /api/teams/{id}/members/{profileId}', {
          params: { id: teamId, profileId: coLeader.profileId },
          cookie: leader.cookie,
        })
      ).status,
    ).toBe(204);
    expect(await notificationsOf(coLeader)).toContainEqual({
      kind: 'removed',
      data: expect.objectContaining({ teamId, teamName: 'Life Cycle' }),
    });
  });
});

describe('team size', () => {
  it('is 4 unless set; 2 to 10 on create and edit, with a field message otherwise', async () => {
    const teamId = await createTeam();
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body).toMatchObject({ memberCount: 1, maxSize: 4 });
    for (const maxSize of [1, 11, 3.5, '4']) {
      const res = await h.api('POST /api/teams', {
        cookie: leader.cookie,
        body: offContract({ name: 'Sized', description: 'A team with a size to check.', openPositions: ['Dev'], maxSize }),
      });
      expect(res).toMatchObject({ status: 400, body: { fields: { maxSize: 'Maximum team size must be between 2 and 10' } } });
    }
    const edit = await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: 'Life Cycle', isOpen: true, maxSize: 10 },
    });
    expect(edit.status).toBe(200);
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.maxSize).toBe(10);
  });

  it('cannot be set below the members the team has', async () => {
    const teamId = await teamWithTwoLeaders();
    const res = await h.api('PATCH /api/teams/{id}', {
      params: { id: teamId },
      cookie: leader.cookie,
      body: { name: 'Life Cycle', isOpen: true, maxSize: 2 },
    });
    expect(res).toMatchObject({ status: 400, body: { fields: { maxSize: 'The team has 3 members: its size cannot be smaller' } } });
    expect((await h.api('GET /api/teams/{id}', { params: { id: teamId } })).body.maxSize).toBe(6);
  });

  it('a full team refuses join requests, invitations and accepts, and is not listed as open', async () => {
    const teamId = await createTeam({ maxSize: 2, name: 'Nearly Full' });
    const pending = await requestId(teamId, people[0]);
    const invitation = await invite(teamId, people[1]);
    expect(invitation.status).toBe(201);
    // The last place goes to someone else.
    await addMember(teamId, member);
    const team = await h.api('GET /api/teams/{id}', { params: { id: teamId } });
    expect(team.body).toMatchObject({ memberCount: 2, maxSize: 2 });
    expect(await askToJoin(teamId, people[2])).toMatchObject({ status: 409, body: { error: 'This team is full' } });
    expect(await invite(teamId, people[3])).toMatchObject({ status: 409, body: { error: 'This team is full' } });
    expect(await h.api('POST /api/join-requests/{id}/accept', { params: { id: pending }, cookie: leader.cookie })).toMatchObject({
      status: 409,
      body: { error: 'This team is full' },
    });
    expect(
      await h.api('POST /api/invitations/{id}/accept', { params: { id: invitation.body.id }, cookie: people[1].cookie }),
    ).toMatchObject({
      status: 409,
      body: { error: 'This team is full' },
    });
    // Nothing changed: the request and invitation are still pending, nobody joined.
    const [request] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, pending));
    expect(request.status).toBe('pending');
    expect(await membersOf(teamId)).toHaveLength(2);
    const open = await h.api('GET /api/teams', { query: { open: true, q: 'nearly full' } });
    expect(open.body.total).toBe(0);
    expect((await h.api('GET /api/teams', { query: { q: 'nearly full' } })).body.total).toBe(1);
  });

  it('of many accepts racing for the last place, exactly one adds a member', async () => {
    const teamId = await createTeam({ maxSize: 3, name: 'Last Place' });
    await addMember(teamId, member);
    const ids = await Promise.all(people.slice(0, 5).map((p) => requestId(teamId, p)));
    const answers = await Promise.all(
      ids.map((id) => h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'This team is full')).toBe(true);
    expect(await membersOf(teamId)).toHaveLength(3);
    const [row] = await h.db.select({ memberCount: teams.memberCount }).from(teams).where(eq(teams.id, teamId));
    expect(row.memberCount).toBe(3);
  });
});

describe('cancelling a join request', () => {
  it('the requester cancels; nobody else can; the leaders no longer see it; an answer then is 409', async () => {
    const teamId = await createTeam();
    const id = await requestId(teamId, people[0]);
    expect((await h.api('POST /api/join-requests/{id}/cancel', { params: { id } })).status).toBe(401);
    for (const other of [outsider, leader]) {
      expect(await h.api('POST /api/join-requests/{id}/cancel', { params: { id }, cookie: other.cookie })).toMatchObject({
        status: 404,
        body: { error: 'Request not found' },
      });
    }
    expect(await h.api('POST /api/join-requests/{id}/cancel', { params: { id }, cookie: people[0].cookie })).toMatchObject({
      status: 200,
      body: { status: 'cancelled' },
    });
    expect((await h.api('GET /api/teams/{id}/join-requests', { params: { id: teamId }, cookie: leader.cookie })).body).toEqual([]);
    expect(await h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie })).toMatchObject({
      status: 409,
      body: { error: 'This request is no longer pending' },
    });
    expect(await h.api('POST /api/join-requests/{id}/cancel', { params: { id }, cookie: people[0].cookie })).toMatchObject({
      status: 409,
      body: { error: 'This request is no longer pending' },
    });
    const mine = await h.api('GET /api/me/notifications', { cookie: people[0].cookie });
    expect(mine.body.requests).toContainEqual(expect.objectContaining({ id, status: 'cancelled' }));
    // Asking again is possible.
    expect((await askToJoin(teamId, people[0])).status).toBe(201);
  });

  it('a cancel and an accept at once end in exactly one outcome', async () => {
    for (let round = 0; round < 5; round++) {
      const teamId = await createTeam();
      await looking(people[4]);
      const id = await requestId(teamId, people[4]);
      const [cancel, accept] = await Promise.all([
        h.api('POST /api/join-requests/{id}/cancel', { params: { id }, cookie: people[4].cookie }),
        h.api('POST /api/join-requests/{id}/accept', { params: { id }, cookie: leader.cookie }),
      ]);
      expect([cancel.status, accept.status].sort()).toEqual([200, 409]);
      const [row] = await h.db.select().from(joinRequests).where(eq(joinRequests.id, id));
      const joined = (await membersOf(teamId)).some((m) => m.id === people[4].profileId);
      expect(row.status).toBe(joined ? 'accepted' : 'cancelled');
      expect(joined).toBe(accept.status === 200);
    }
  });
});

describe('withdrawing an invitation', () => {
  it("the team's leaders see pending invitations and withdraw them; nobody else can; the invitee no longer sees it", async () => {
    const teamId = await teamWithTwoLeaders();
    const sent = await invite(teamId, people[5]);
    const id = sent.body.id as string;
    expect((await h.api('GET /api/teams/{id}/invitations', { params: { id: teamId } })).status).toBe(401);
    expect((await h.api('GET /api/teams/{id}/invitations', { params: { id: teamId }, cookie: member.cookie })).status).toBe(403);
    const listed = await h.api('GET /api/teams/{id}/invitations', { params: { id: teamId }, cookie: coLeader.cookie });
    expect(listed.body).toEqual([
      expect.objectContaining({ id, role: 'Designer', invitee: expect.objectContaining({ id: people[5].profileId }) }),
    ]);

    expect((await h.api('POST /api/invitations/{id}/withdraw', { params: { id } })).status).toBe(401);
    for (const other of [member, outsider, people[5]]) {
      expect(await h.api('POST /api/invitations/{id}/withdraw', { params: { id }, cookie: other.cookie })).toMatchObject({
        status: 404,
        body: { error: 'Invitation not found' },
      });
    }
    expect(await h.api('POST /api/invitations/{id}/withdraw', { params: { id }, cookie: coLeader.cookie })).toMatchObject({
      status: 200,
      body: { status: 'withdrawn' },
    });
    expect((await h.api('GET /api/me/notifications', { cookie: people[5].cookie })).body.invitations).toEqual([]);
    expect((await h.api('GET /api/teams/{id}/invitations', { params: { id: teamId }, cookie: leader.cookie })).body).toEqual([]);
    expect(await h.api('POST /api/invitations/{id}/accept', { params: { id }, cookie: people[5].cookie })).toMatchObject({
      status: 409,
      body: { error: 'This invitation is no longer pending' },
    });
    expect(await h.api('POST /api/invitations/{id}/withdraw', { params: { id }, cookie: leader.cookie })).toMatchObject({
      status: 409,
      body: { error: 'This invitation is no longer pending' },
    });
  });
});

describe('joining resolves the rest', () => {
  it('an accepted request withdraws the other pending requests and switches looking-for-team off; invitations stay', async () => {
    const person = await h.signUp({ firstName: 'Joiner' });
    const [a, b, c, d] = await Promise.all(['Team A', 'Team B', 'Team C', 'Team D'].map((name) => createTeam({ name })));
    const toA = await requestId(a, person);
    const [toB, toC] = [await requestId(b, person), await requestId(c, person)];
    const invitation = await invite(d, person);
    expect((await h.api('POST /api/join-requests/{id}/accept', { params: { id: toA }, cookie: leader.cookie })).status).toBe(200);

    const statuses = await h.db
      .select({ id: joinRequests.id, status: joinRequests.status })
      .from(joinRequests)
      .where(eq(joinRequests.profileId, person.profileId));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toMatchObject({
      [toA]: 'accepted',
      [toB]: 'cancelled',
      [toC]: 'cancelled',
    });
    expect((await h.api('GET /api/teams/{id}/join-requests', { params: { id: b }, cookie: leader.cookie })).body).toEqual([]);
    const [profile] = await h.db
      .select({ lookingForTeam: profiles.lookingForTeam })
      .from(profiles)
      .where(eq(profiles.id, person.profileId));
    expect(profile.lookingForTeam).toBe(false);
    const [stillInvited] = await h.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.body.id));
    expect(stillInvited.status).toBe('pending');
    expect(await notificationsOf(person)).toContainEqual({
      kind: 'request_accepted',
      data: expect.objectContaining({ teamId: a, teamName: 'Team A', withdrawnRequests: 2, stoppedLooking: true }),
    });
    // The flag can be switched back on.
    const back = await h.api('PUT /api/profiles/{id}/settings', {
      params: { id: person.profileId },
      cookie: person.cookie,
      body: { lookingForTeam: true },
    });
    expect(back.body.lookingForTeam).toBe(true);
  });

  it('an accepted invitation says what it withdrew, and its team hears of it', async () => {
    const person = await h.signUp({ firstName: 'Invitee' });
    const [a, b] = await Promise.all(['Inviting', 'Requested'].map((name) => createTeam({ name })));
    await looking(person);
    await requestId(b, person);
    const invitation = await invite(a, person, leader);
    const accepted = await h.api('POST /api/invitations/{id}/accept', { params: { id: invitation.body.id }, cookie: person.cookie });
    expect(accepted).toMatchObject({
      status: 200,
      body: { status: 'accepted', joined: { teamId: a, teamName: 'Inviting', withdrawnRequests: 1, stoppedLooking: true } },
    });
    expect(await notificationsOf(leader)).toContainEqual({
      kind: 'invitation_accepted',
      data: expect.objectContaining({ teamId: a, by: expect.objectContaining({ id: person.profileId }) }),
    });
    expect(await notificationsOf(person)).toContainEqual({
      kind: 'joined',
      data: expect.objectContaining({ teamId: a, withdrawnRequests: 1 }),
    });
  });

  it('two ways of joining at once for one person: one joins, the other finds its request withdrawn', async () => {
    const person = await h.signUp({ firstName: 'Racer' });
    const [a, b] = await Promise.all(['Race A', 'Race B'].map((name) => createTeam({ name })));
    const [toA, toB] = [await requestId(a, person), await requestId(b, person)];
    const answers = await Promise.all([
      h.api('POST /api/join-requests/{id}/accept', { params: { id: toA }, cookie: leader.cookie }),
      h.api('POST /api/join-requests/{id}/accept', { params: { id: toB }, cookie: leader.cookie }),
    ]);
    // The first to run withdrew the other request: exactly one membership, and a clear 409.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toBe('This request is no longer pending');
    const memberships = await h.db.select().from(teamMembers).where(eq(teamMembers.profileId, person.profileId));
    expect(memberships.filter((m) => m.teamId === a || m.teamId === b)).toHaveLength(1);
  });
});

describe('deleting a team', () => {
  it('cancels its pending requests (the requesters still see them, cancelled) and tells members and requesters', async () => {
    const teamId = await teamWithTwoLeaders({ name: 'Doomed' });
    const id = await requestId(teamId, people[0]);
    const invitation = await invite(teamId, people[5]);
    expect((await h.api('DELETE /api/teams/{id}', { params: { id: teamId }, cookie: leader.cookie })).status).toBe(204);
    const mine = await h.api('GET /api/me/notifications', { cookie: people[0].cookie });
    expect(mine.body.requests).toContainEqual(expect.objectContaining({ id, teamId: null, teamName: 'Doomed', status: 'cancelled' }));
    expect(await h.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.body.id))).toEqual([]);
    for (const user of [coLeader, member])
      expect(await notificationsOf(user)).toContainEqual({ kind: 'team_deleted', data: expect.objectContaining({ teamName: 'Doomed' }) });
    expect(await notificationsOf(people[0])).toContainEqual({
      kind: 'request_withdrawn',
      data: expect.objectContaining({ teamName: 'Doomed', reason: 'team_deleted' }),
    });
    // The one who deleted it is not told what they did.
    expect((await notificationsOf(leader)).filter((n) => n.kind === 'team_deleted' && n.data.teamName === 'Doomed')).toEqual([]);
    const [gone] = await h.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId)));
    expect(gone).toBeUndefined();
  });
});
