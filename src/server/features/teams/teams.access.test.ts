/** Who may do what to a team: every team mutation by anonymous, another user, a plain member and a leader. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { ErrorFields, TestResponse } from '../../testing/harness';
import {
  createTeam,
  h,
  invitee,
  leader,
  member,
  message,
  otherMember,
  outsider,
  useTeamsWorld,
  validTeam,
  world,
  type World,
} from '../../testing/worlds/teams';

useTeamsWorld();

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
