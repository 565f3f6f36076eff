import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';

let h: Harness;
let leader: TestUser;
let me: TestUser;
beforeAll(async () => {
  h = await createHarness();
  [leader, me] = await Promise.all([h.signUp({ firstName: 'Lea' }), h.signUp({ firstName: 'Max' })]);
});
afterAll(() => h.close());

async function team(name: string) {
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name, description: 'A team description long enough.', logoUrl: 'https://example.com/l.png', openPositions: ['Designer'] },
  });
  return res.body.id as string;
}

describe('GET /api/me/notifications', () => {
  it('needs a signed-in user', async () => {
    expect((await h.api('GET /api/me/notifications')).status).toBe(401);
  });

  it('is empty for a new user', async () => {
    const res = await h.api('GET /api/me/notifications', { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invitations: [], requests: [], pendingCount: 0 });
  });

  it('shows pending invitations addressed to me and my own requests with their real status', async () => {
    const [invitingTeam, declinedInvite, requested, declined, accepted] = await Promise.all(
      ['Inviting Team', 'Declined Invite', 'Requested Team', 'Declined Team', 'Accepted Team'].map(team),
    );
    const invite = (teamId: string, role: string) =>
      h.api('POST /api/invitations', {
        cookie: leader.cookie,
        body: { teamId, profileId: me.profileId, role, message: 'We would love to have you!' },
      });
    await invite(invitingTeam, 'Designer');
    const toDecline = await invite(declinedInvite, 'QA');
    await h.api('POST /api/invitations/{id}/decline', { params: { id: toDecline.body.id }, cookie: me.cookie });

    const ask = async (teamId: string) =>
      (
        await h.api('POST /api/teams/{id}/join-requests', {
          params: { id: teamId },
          cookie: me.cookie,
          body: { position: 'Designer', message: 'Happy to design your screens.' },
        })
      ).body.id as string;
    await ask(requested);
    await h.api('POST /api/join-requests/{id}/decline', { params: { id: await ask(declined) }, cookie: leader.cookie });
    await h.api('POST /api/join-requests/{id}/accept', { params: { id: await ask(accepted) }, cookie: leader.cookie });

    const res = await h.api('GET /api/me/notifications', { cookie: me.cookie });
    expect(res.body.invitations).toEqual([
      expect.objectContaining({
        team: { id: invitingTeam, name: 'Inviting Team', logoUrl: 'https://example.com/l.png' },
        role: 'Designer',
        message: 'We would love to have you!',
        status: 'pending',
        createdAt: expect.any(String),
      }),
    ]);
    // Joining 'Accepted Team' withdrew the request still pending elsewhere (docs/product.md#joining).
    expect(res.body.requests.map((r: { teamName: string; status: string }) => [r.teamName, r.status])).toEqual([
      ['Accepted Team', 'accepted'],
      ['Declined Team', 'declined'],
      ['Requested Team', 'cancelled'],
    ]);
    expect(res.body.requests[0]).toMatchObject({ position: 'Designer', message: 'Happy to design your screens.' });
    expect(res.body.pendingCount).toBe(1);

    // The leader sees none of it.
    const theirs = await h.api('GET /api/me/notifications', { cookie: leader.cookie });
    expect(theirs.body).toEqual({ invitations: [], requests: [], pendingCount: 0 });
  });
});
