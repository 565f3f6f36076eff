/** Join requests: asking, the rules a request must meet, and the leaders' answers, also when they race. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { joinRequests, teamMembers } from '../../db/schema';
import type { TestInput, TestUser } from '../../testing/harness';
import {
  createTeam,
  h,
  leader,
  member,
  membersOf,
  message,
  outsider,
  requestToJoin,
  requester,
  useTeamsWorld,
} from '../../testing/worlds/teams';

useTeamsWorld();

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

  it('after a decline, the person may ask the same team again only after 7 days (docs/product.md#safety)', async () => {
    const teamId = await createTeam();
    const id = await requestToJoin(teamId);
    await h.api('POST /api/join-requests/{id}/decline', { params: { id }, cookie: leader.cookie });
    const early = await send(teamId, { position: 'Designer', message });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('request_cooldown');
    // The day the 7 days end, counted from the decline.
    const [declined] = await h.db.select({ at: joinRequests.respondedAt }).from(joinRequests).where(eq(joinRequests.id, id));
    const until = new Date(declined.at!.getTime() + 7 * 24 * 3_600_000).toISOString().slice(0, 10);
    expect(early.body.error).toMatch(new RegExp(`^This team declined your request: you can ask it again after ${until}`));
    await h.db
      .update(joinRequests)
      .set({ respondedAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 60_000) })
      .where(eq(joinRequests.id, id));
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

    // Declined, the requester waits 7 days to ask this team again: someone else asks.
    const id2 = await requestToJoin(teamId, outsider);
    await h.api('POST /api/join-requests/{id}/accept', { params: { id: id2 }, cookie: leader.cookie });
    const decline = await h.api('POST /api/join-requests/{id}/decline', { params: { id: id2 }, cookie: leader.cookie });
    expect(decline.status).toBe(409);
    expect(decline.body.error).toBe('This request has already been accepted');
    expect((await membersOf(teamId)).filter((m) => m.profileId === outsider.profileId)).toHaveLength(1);
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
