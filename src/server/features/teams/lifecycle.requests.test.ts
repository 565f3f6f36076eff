/**
 * The team lifecycle (docs/product.md#team-lifecycle), its requests and invitations: cancelling a
 * request, withdrawing an invitation, what joining does to the rest, and what deleting a team does
 * to them. Each action for each actor, and the races, on whichever database the suite runs on.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { joinRequests, profiles, teamInvitations, teamMembers } from '../../db/schema';
import {
  askToJoin,
  coLeader,
  createTeam,
  h,
  invite,
  leader,
  looking,
  member,
  membersOf,
  notificationsOf,
  outsider,
  people,
  requestId,
  teamWithTwoLeaders,
  useLifecycleWorld,
} from '../../testing/worlds/lifecycle';

useLifecycleWorld();

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
