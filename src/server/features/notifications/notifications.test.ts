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

const inbox = (user: TestUser) => h.api('GET /api/me/inbox', { cookie: user.cookie });

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

describe('a request or an invitation answered', () => {
  it("reads the answerer's notice of it, wherever they answered, and nobody else's", async () => {
    const teamId = await team('Answered Inbox');
    const asked = await h.api('POST /api/teams/{id}/join-requests', {
      params: { id: teamId },
      cookie: me.cookie,
      body: { position: 'Designer', message: 'I would love to design for you.' },
    });
    expect(asked.status).toBe(201);
    const requestId = asked.body.id as string;
    const readAtOfRequest = async (user: TestUser) =>
      (await inbox(user)).body.items.find((n) => n.kind === 'join_request' && n.data.requestId === requestId)!.readAt;
    expect(await readAtOfRequest(leader)).toBeNull();
    const before = (await inbox(leader)).body.unreadCount;
    // Declined from the team's page, not from the inbox.
    expect((await h.api('POST /api/join-requests/{id}/decline', { params: { id: requestId }, cookie: leader.cookie })).status).toBe(200);
    expect(await readAtOfRequest(leader)).toEqual(expect.any(String));
    expect((await inbox(leader)).body.unreadCount).toBe(before - 1);
    // The requester's news of the answer is new to them.
    expect((await inbox(me)).body.items[0]).toMatchObject({ kind: 'request_declined', readAt: null });

    const invitee = await h.signUp({ firstName: 'Ivy' });
    const invited = await h.api('POST /api/invitations', {
      cookie: leader.cookie,
      body: { teamId, profileId: invitee.profileId, role: 'Designer', message: 'Come and design with us!' },
    });
    expect(invited.status).toBe(201);
    expect((await inbox(invitee)).body.items[0]).toMatchObject({ kind: 'invitation', readAt: null });
    expect((await h.api('POST /api/invitations/{id}/decline', { params: { id: invited.body.id }, cookie: invitee.cookie })).status).toBe(
      200,
    );
    expect((await inbox(invitee)).body.items[0]).toMatchObject({ kind: 'invitation', readAt: expect.any(String) });
    expect((await inbox(leader)).body.items[0]).toMatchObject({ kind: 'invitation_declined', readAt: null });
  });
});
