/**
 * The inbox and its live stream (docs/product.md#notifications-tab): who is told what, read marks
 * that only the owner sets, paging, and delivery over Server-Sent Events, resumed with Last-Event-ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, teamInvitations } from '../../db/schema';
import { createHarness, type Harness, type TestInput, type TestUser } from '../../testing/harness';
import { eventReader } from '../../testing/client';
import { notify } from './notifications.repo';

let h: Harness;
let leader: TestUser;
let asker: TestUser;
let other: TestUser;
beforeAll(async () => {
  h = await createHarness();
  [leader, asker, other] = await Promise.all(['Lena', 'Ada', 'Otto'].map((firstName) => h.signUp({ firstName, lastName: 'Inbox' })));
});
afterAll(() => h.close());

const message = 'I would love to help you build this.';
async function createTeam(name: string): Promise<string> {
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name, description: 'A team for testing the inbox.', openPositions: ['Designer'] },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
const ask = async (teamId: string, by: TestUser = asker) => {
  const res = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: by.cookie,
    body: { position: 'Designer', message },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const inbox = (user: TestUser, query?: TestInput<'GET /api/me/inbox'>['query']) =>
  h.api('GET /api/me/inbox', { query, cookie: user.cookie });

/** Opens the live stream as `user`, past its 'ready' event. */
async function openStream(user: TestUser, lastEventId?: string) {
  const headers: Record<string, string> = { cookie: user.cookie };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await h.app.request('http://localhost/api/me/events', { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const { next, close } = eventReader(res);
  expect(await next()).toMatchObject({ event: 'ready' });
  /** The next notification event, parsed. */
  async function nextNotification(timeoutMs?: number) {
    const event = await next(timeoutMs);
    if (event === 'timeout') return event;
    expect(event.event).toBe('notification');
    return { id: event.id, item: JSON.parse(event.data) };
  }
  return { next, nextNotification, close };
}

describe('GET /api/me/inbox', () => {
  it('needs a signed-in user', async () => {
    expect((await h.api('GET /api/me/inbox')).status).toBe(401);
    expect((await h.api('POST /api/me/inbox/read', { body: {} })).status).toBe(401);
  });

  it('tells each person what concerns them, newest first, with text, link and whether it still waits', async () => {
    const teamId = await createTeam('Inbox Makers');
    const requestId = await ask(teamId);
    const mine = await inbox(leader);
    expect(mine.status).toBe(200);
    expect(mine.body.items[0]).toMatchObject({
      kind: 'join_request',
      text: 'Ada Inbox asked to join Inbox Makers as Designer',
      link: `/teams/${teamId}`,
      readAt: null,
      pending: true,
      data: { teamId, requestId, position: 'Designer', by: { id: asker.profileId, name: 'Ada Inbox' } },
    });
    expect(mine.body.unreadCount).toBeGreaterThanOrEqual(1);
    // The asker is told nothing yet; the bystander never.
    expect((await inbox(asker)).body.items).toEqual([]);

    expect((await h.api('POST /api/join-requests/{id}/accept', { params: { id: requestId }, cookie: leader.cookie })).status).toBe(200);
    const theirs = await inbox(asker);
    expect(theirs.body.items[0]).toMatchObject({
      kind: 'request_accepted',
      text: 'Lena Inbox accepted your request: you joined Inbox Makers: your profile no longer says Looking for Team',
      link: `/teams/${teamId}`,
      pending: null,
    });
    // Answered: Accept / Decline no longer show on the leader's copy.
    expect((await inbox(leader)).body.items[0]).toMatchObject({ kind: 'join_request', pending: false });
    expect((await inbox(other)).body).toEqual({ items: [], unreadCount: 0, nextBefore: null });
  });

  it('an invitation links to the pending lists and can be answered in place', async () => {
    const teamId = await createTeam('Inviting Inbox');
    await h.db.update(profiles).set({ lookingForTeam: true }).where(eq(profiles.id, other.profileId));
    const invited = await h.api('POST /api/invitations', {
      cookie: leader.cookie,
      body: { teamId, profileId: other.profileId, role: 'Designer', message: 'Come and design with us!' },
    });
    expect(invited.status).toBe(201);
    expect((await inbox(other)).body.items[0]).toMatchObject({
      kind: 'invitation',
      text: 'Lena Inbox invited you to join Inviting Inbox as Designer',
      link: '/profile?tab=notifications',
      pending: true,
    });
    await h.api('POST /api/invitations/{id}/decline', { params: { id: invited.body.id }, cookie: other.cookie });
    expect((await inbox(other)).body.items[0]).toMatchObject({ kind: 'invitation', pending: false });
    expect((await inbox(leader)).body.items[0]).toMatchObject({
      kind: 'invitation_declined',
      text: 'Otto Inbox declined your invitation to join Inviting Inbox',
    });
  });

  it('pages with before, newest first, and says where the next page starts', async () => {
    const [someone] = await Promise.all([h.signUp({ firstName: 'Page' })]);
    await notify(
      h.db,
      Array.from({ length: 5 }, (_, i) => ({ profileId: someone.profileId, kind: 'member_left' as const, data: { teamName: `T${i}` } })),
    );
    const first = await inbox(someone, { limit: 2 });
    expect(first.body.items.map((n) => n.data.teamName)).toEqual(['T4', 'T3']);
    expect(first.body.nextBefore).toBe(first.body.items[1].seq);
    const second = await inbox(someone, { limit: 2, before: first.body.nextBefore! });
    expect(second.body.items.map((n) => n.data.teamName)).toEqual(['T2', 'T1']);
    const last = await inbox(someone, { limit: 2, before: second.body.nextBefore! });
    expect(last.body.items.map((n) => n.data.teamName)).toEqual(['T0']);
    expect(last.body.nextBefore).toBeNull();
    expect(first.body.unreadCount).toBe(5);
  });
});

describe('POST /api/me/inbox/read', () => {
  it('marks the listed ones, or all, and only ever the owner’s', async () => {
    const [owner, stranger] = await Promise.all([h.signUp({ firstName: 'Own' }), h.signUp({ firstName: 'Str' })]);
    await notify(
      h.db,
      ['A', 'B', 'C'].map((teamName) => ({ profileId: owner.profileId, kind: 'member_left' as const, data: { teamName } })),
    );
    const items = (await inbox(owner)).body.items as { id: string; readAt: string | null }[];

    // Someone else's ids change nothing.
    const foreign = await h.api('POST /api/me/inbox/read', { cookie: stranger.cookie, body: { ids: [items[0].id] } });
    expect(foreign).toMatchObject({ status: 200, body: { unreadCount: 0 } });
    expect((await inbox(owner)).body.unreadCount).toBe(3);

    const one = await h.api('POST /api/me/inbox/read', { cookie: owner.cookie, body: { ids: [items[0].id] } });
    expect(one).toMatchObject({ status: 200, body: { unreadCount: 2 } });
    const after = (await inbox(owner)).body.items as { id: string; readAt: string | null }[];
    expect(after.find((n) => n.id === items[0].id)?.readAt).toEqual(expect.any(String));
    expect(after.filter((n) => n.readAt === null)).toHaveLength(2);

    expect(await h.api('POST /api/me/inbox/read', { cookie: owner.cookie, body: {} })).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
    expect((await h.api('POST /api/me/inbox/read', { cookie: owner.cookie, body: { ids: ['nope'] } })).status).toBe(400);
  });
});

describe('GET /api/me/events', () => {
  it('needs a signed-in user', async () => {
    expect((await h.api('GET /api/me/events')).status).toBe(401);
  });

  it('delivers a new notification to every open stream of its recipient, and to nobody else', async () => {
    const teamId = await createTeam('Live Makers');
    const [tab1, tab2, bystander] = await Promise.all([openStream(leader), openStream(leader), openStream(other)]);
    const requestId = await ask(teamId);
    for (const tab of [tab1, tab2]) {
      const got = await tab.nextNotification();
      expect(got).toMatchObject({
        item: { kind: 'join_request', text: 'Ada Inbox asked to join Live Makers as Designer', data: { requestId } },
      });
      if (got !== 'timeout') expect(got.id).toBe(String(got.item.seq));
    }
    expect(await bystander.next(300)).toBe('timeout');
    await Promise.all([tab1.close(), tab2.close(), bystander.close()]);
  });

  it('a stream resumed with Last-Event-ID gets what arrived while it was gone, once and in order', async () => {
    const teamId = await createTeam('Resume Makers');
    const first = await openStream(leader);
    await ask(teamId);
    const seen = await first.nextNotification();
    if (seen === 'timeout') throw new Error('no notification');
    await first.close();

    // While no stream is open, two more things happen.
    const [p1, p2] = await Promise.all([h.signUp({ firstName: 'Late' }), h.signUp({ firstName: 'Later' })]);
    await ask(teamId, p1);
    await ask(teamId, p2);

    const resumed = await openStream(leader, seen.id);
    const a = await resumed.nextNotification();
    const b = await resumed.nextNotification();
    expect([a, b].map((n) => (n === 'timeout' ? n : n.item.data.by.name))).toEqual([
      expect.stringContaining('Late'),
      expect.stringContaining('Later'),
    ]);
    expect(await resumed.next(300)).toBe('timeout');
    await resumed.close();

    // A fresh stream (no Last-Event-ID) starts with what happens next, not the past.
    const fresh = await openStream(leader);
    expect(await fresh.next(300)).toBe('timeout');
    await fresh.close();
  });

  it('a change that is rolled back notifies nobody', async () => {
    const stream = await openStream(other);
    const before = (await inbox(other)).body.items.length;
    await expect(
      h.db.transaction(async (tx) => {
        await notify(tx, [{ profileId: other.profileId, kind: 'removed', data: { teamName: 'Never Was' } }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await stream.next(400)).toBe('timeout');
    expect((await inbox(other)).body.items).toHaveLength(before);
    // A committed one does arrive on the same stream.
    await notify(h.db, [{ profileId: other.profileId, kind: 'removed', data: { teamName: 'Really Was' } }]);
    expect(await stream.nextNotification()).toMatchObject({ item: { kind: 'removed', data: { teamName: 'Really Was' } } });
    await stream.close();
  });

  it('closing a stream frees it on the server', async () => {
    const start = h.live.size;
    const stream = await openStream(other);
    expect(h.live.size).toBe(start + 1);
    await stream.close();
    await expect.poll(() => h.live.size).toBe(start);
  });
});

describe('who is told what: each kind reaches exactly its recipients', () => {
  let lead: TestUser, co: TestUser, member: TestUser, requester: TestUser, invitee: TestUser, bystander: TestUser;
  let cast: Record<string, TestUser>;
  beforeAll(async () => {
    [lead, co, member, requester, invitee, bystander] = await Promise.all(
      ['Kai', 'Cole', 'Mia', 'Rex', 'Ivy', 'Bo'].map((firstName) => h.signUp({ firstName, lastName: 'Kinds' })),
    );
    cast = { lead, co, member, requester, invitee, bystander };
  });

  /** A team led by `lead` and `co`, with `member` in it. */
  async function team(): Promise<string> {
    const created = await h.api('POST /api/teams', {
      cookie: lead.cookie,
      body: { name: 'Kind Team', description: 'A team for counting notifications.', openPositions: ['Designer'], maxSize: 8 },
    });
    const id = created.body.id as string;
    for (const [user, leads] of [
      [co, true],
      [member, false],
    ] as const) {
      const asked = await h.api('POST /api/teams/{id}/join-requests', {
        params: { id },
        cookie: user.cookie,
        body: { position: 'Designer', message },
      });
      await h.api('POST /api/join-requests/{id}/accept', { params: { id: asked.body.id }, cookie: lead.cookie });
      if (leads)
        await h.api('PATCH /api/teams/{id}/members/{profileId}', {
          params: { id, profileId: user.profileId },
          cookie: lead.cookie,
          body: { isLeader: true },
        });
    }
    return id;
  }
  const requestFrom = async (teamId: string, user: TestUser) =>
    (
      await h.api('POST /api/teams/{id}/join-requests', {
        params: { id: teamId },
        cookie: user.cookie,
        body: { position: 'Designer', message },
      })
    ).body.id as string;
  const invitationFor = async (teamId: string, user: TestUser) => {
    await h.db.update(profiles).set({ lookingForTeam: true }).where(eq(profiles.id, user.profileId));
    const res = await h.api('POST /api/invitations', {
      cookie: lead.cookie,
      body: { teamId, profileId: user.profileId, role: 'Designer', message: 'Come and design with us!' },
    });
    return res.body.id as string;
  };

  /** The new notifications of everyone in the cast while `action` runs, as 'who: kind'. */
  async function told(action: () => Promise<unknown>): Promise<string[]> {
    const seqs = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(cast).map(
            async ([name, user]) => [name, (await inbox(user, { limit: 50 })).body.items as { seq: number; kind: string }[]] as const,
          ),
        ),
      );
    const before = await seqs();
    await action();
    const after = await seqs();
    return Object.keys(cast)
      .flatMap((name) => {
        const last = before[name][0]?.seq ?? 0;
        return after[name].filter((n) => n.seq > last).map((n) => `${name}: ${n.kind}`);
      })
      .sort();
  }

  it('join_request: every leader of the team', async () => {
    const id = await team();
    expect(await told(() => requestFrom(id, requester))).toEqual(['co: join_request', 'lead: join_request']);
  });

  it('request_accepted and request_declined: the requester', async () => {
    const id = await team();
    const [a, b] = [await requestFrom(id, requester), await requestFrom(id, bystander)];
    expect(await told(() => h.api('POST /api/join-requests/{id}/decline', { params: { id: b }, cookie: co.cookie }))).toEqual([
      'bystander: request_declined',
    ]);
    expect(await told(() => h.api('POST /api/join-requests/{id}/accept', { params: { id: a }, cookie: lead.cookie }))).toEqual([
      'requester: request_accepted',
    ]);
    await h.api('POST /api/teams/{id}/leave', { params: { id }, cookie: requester.cookie });
  });

  it('invitation, invitation_declined, invitation_accepted and joined', async () => {
    const id = await team();
    let invitation = '';
    expect(await told(async () => (invitation = await invitationFor(id, invitee)))).toEqual(['invitee: invitation']);
    expect(await told(() => h.api('POST /api/invitations/{id}/decline', { params: { id: invitation }, cookie: invitee.cookie }))).toEqual([
      'lead: invitation_declined',
    ]);
    // A declined team may invite again 7 days later (docs/product.md#safety): those days pass.
    await h.db
      .update(teamInvitations)
      .set({ respondedAt: new Date(Date.now() - 8 * 24 * 3_600_000) })
      .where(eq(teamInvitations.id, invitation));
    invitation = await invitationFor(id, invitee);
    expect(await told(() => h.api('POST /api/invitations/{id}/accept', { params: { id: invitation }, cookie: invitee.cookie }))).toEqual([
      'invitee: joined',
      'lead: invitation_accepted',
    ]);
    await h.api('POST /api/teams/{id}/leave', { params: { id }, cookie: invitee.cookie });
  });

  it('removed, made_leader and member_left', async () => {
    const id = await team();
    const asked = await requestFrom(id, requester);
    await h.api('POST /api/join-requests/{id}/accept', { params: { id: asked }, cookie: lead.cookie });
    expect(
      await told(() =>
        h.api('PATCH /api/teams/{id}/members/{profileId}', {
          params: { id, profileId: requester.profileId },
          cookie: co.cookie,
          body: { isLeader: true },
        }),
      ),
    ).toEqual(['requester: made_leader']);
    await h.api('PATCH /api/teams/{id}/members/{profileId}', {
      params: { id, profileId: requester.profileId },
      cookie: lead.cookie,
      body: { isLeader: false },
    });
    expect(
      await told(() =>
        h.api('DELETE /api/teams/{id}/members/{profileId}', { params: { id, profileId: requester.profileId }, cookie: lead.cookie }),
      ),
    ).toEqual(['requester: removed']);
    expect(await told(() => h.api('POST /api/teams/{id}/leave', { params: { id }, cookie: member.cookie }))).toEqual([
      'co: member_left',
      'lead: member_left',
    ]);
  });

  it('team_deleted to the other members, request_withdrawn to those who asked', async () => {
    const id = await team();
    await requestFrom(id, requester);
    expect(await told(() => h.api('DELETE /api/teams/{id}', { params: { id }, cookie: lead.cookie }))).toEqual([
      'co: team_deleted',
      'member: team_deleted',
      'requester: request_withdrawn',
    ]);
  });
});
