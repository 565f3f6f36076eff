/**
 * The team lifecycle (docs/product.md#team-lifecycle), its members: leaving, handing over
 * leadership, and team size. Each action for each actor, and the races, on whichever database
 * the suite runs on. Requests and invitations over a team's life: lifecycle.requests.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { joinRequests, teams } from '../../db/schema';
import { offContract, type TestUser } from '../../testing/harness';
import {
  addMember,
  askToJoin,
  coLeader,
  createTeam,
  h,
  invite,
  leader,
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
