/**
 * The live stream's limits (issue 28): a stream ends with the session that opened it, however that
 * session ends, and nothing reaches it afterwards; an account holds a few streams at most; and a
 * notification is read once for all of its recipient's streams, not once per stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STREAMS_PER_ACCOUNT } from '../../../shared/constants';
import { sessions } from '../../db/schema';
import { cookieFrom, eventReader, type SseEvent } from '../../testing/client';
import { createHarness, offContract, type Harness, type TestUser } from '../../testing/harness';
import { notify } from './notifications.repo';

const PASSWORD = 'team-finder-1';
const message = 'I would love to help you build this.';

let h: Harness;
let asker: TestUser;
beforeAll(async () => {
  h = await createHarness();
  asker = await h.signUp({ firstName: 'Ada', lastName: 'Asker' });
});
afterAll(() => h.close());

/** A leader with a team, signed in once (more sessions with `signIn`). */
async function leaderWithTeam(firstName: string) {
  const leader = await h.signUp({ firstName, lastName: 'Leader', password: PASSWORD });
  const res = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: `${firstName} Team`, description: 'A team whose leader hears of requests live.', openPositions: ['Designer'] },
  });
  expect(res.status).toBe(201);
  return { ...leader, teamId: res.body.id as string };
}

/** Another session of the same account (another browser). */
async function signIn(user: TestUser): Promise<string> {
  const res = await h.api('POST /api/auth/sign-in/email', { body: { email: user.email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return cookieFrom(res.headers);
}

const openEvents = (cookie: string) => h.app.request('http://localhost/api/me/events', { headers: { cookie } });

/** Opens the live stream with `cookie`, past its 'ready' event. */
async function openStream(cookie: string) {
  const res = await openEvents(cookie);
  expect(res.status).toBe(200);
  const reader = eventReader(res);
  expect(await reader.next()).toMatchObject({ event: 'ready' });
  return reader;
}

/** The next event is the notification of join request `requestId`. */
async function expectRequestOn(reader: ReturnType<typeof eventReader>, requestId: string) {
  const got = await reader.next();
  expect(got).toMatchObject({ event: 'notification' });
  if (got !== 'timeout') expect(JSON.parse(got.data)).toMatchObject({ kind: 'join_request', data: { requestId } });
}

/** Every event until the stream ends (or nothing more comes within `timeoutMs`: 'still open'). */
async function eventsUntilEnd(reader: ReturnType<typeof eventReader>, timeoutMs = 3000): Promise<(SseEvent | 'still open')[]> {
  const events: (SseEvent | 'still open')[] = [];
  for (;;) {
    try {
      const event = await reader.next(timeoutMs);
      if (event === 'timeout') return [...events, 'still open'];
      events.push(event);
    } catch (err) {
      if ((err as Error).message === 'stream ended') return events;
      throw err;
    }
  }
}

const ask = async (teamId: string) => {
  const res = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: asker.cookie,
    body: { position: 'Designer', message },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const cancel = (requestId: string) => h.api('POST /api/join-requests/{id}/cancel', { params: { id: requestId }, cookie: asker.cookie });

/**
 * Opens a stream on one session of a fresh leader and sees a join request arrive on it; then ends
 * that session with `endSession`, and at once sends another join request: the stream says
 * 'session-ended' and closes, and that request never reaches it. `other` is a second session of
 * the account, for the ways that need one.
 */
async function expectStreamEndsWith(endSession: (mine: string, other: string, leader: TestUser) => Promise<unknown>) {
  const leader = await leaderWithTeam('Ending');
  const other = await signIn(leader);
  const stream = await openStream(leader.cookie);
  const before = await ask(leader.teamId);
  await expectRequestOn(stream, before);
  await cancel(before);
  await endSession(leader.cookie, other, leader);
  const after = await ask(leader.teamId).catch(() => null);
  expect(await eventsUntilEnd(stream)).toEqual([{ event: 'session-ended', data: '{}' }]);
  if (after) await cancel(after);
  // And it cannot be opened again with that session.
  expect((await openEvents(leader.cookie)).status).toBe(401);
}

describe('a live stream ends when its session ends', () => {
  it('signing out', async () => {
    await expectStreamEndsWith((mine) => h.api('POST /api/auth/sign-out', { cookie: mine, body: offContract({}) }));
  });

  it('revoking that session from another one (Settings)', async () => {
    await expectStreamEndsWith(async (_mine, other) => {
      const listed = await h.api('GET /api/auth/sessions', { cookie: other });
      const target = listed.body.items.find((s: { current: boolean }) => !s.current);
      expect((await h.api('DELETE /api/auth/sessions/{id}', { params: { id: target!.id }, cookie: other })).status).toBe(204);
    });
  });

  it("'sign out everywhere else', while the stream of the session that asked goes on", async () => {
    const leader = await leaderWithTeam('Others');
    const kept = await signIn(leader);
    const [ending, staying] = [await openStream(leader.cookie), await openStream(kept)];
    const first = await ask(leader.teamId);
    for (const stream of [ending, staying]) await expectRequestOn(stream, first);
    await cancel(first);
    expect(await h.api('POST /api/auth/sessions/sign-out-others', { cookie: kept })).toMatchObject({ body: { signedOut: 1 } });
    const requestId = await ask(leader.teamId);
    expect(await eventsUntilEnd(ending)).toEqual([{ event: 'session-ended', data: '{}' }]);
    await expectRequestOn(staying, requestId);
    await staying.close();
    await cancel(requestId);
  });

  it('a password change (it signs out the other sessions)', async () => {
    await expectStreamEndsWith(async (_mine, other) => {
      const res = await h.api('POST /api/auth/change-password', {
        cookie: other,
        body: { currentPassword: PASSWORD, newPassword: 'a-longer-passphrase-42' },
      });
      expect(res.status).toBe(200);
    });
  });

  it('deleting the account', async () => {
    const leader = await leaderWithTeam('Leaving');
    const stream = await openStream(await signIn(leader));
    const first = await ask(leader.teamId);
    await expectRequestOn(stream, first);
    const res = await h.api('POST /api/auth/delete-account', {
      cookie: leader.cookie,
      body: { password: PASSWORD, confirm: 'delete my account' },
    });
    expect(res.status).toBe(200);
    expect(await eventsUntilEnd(stream)).toEqual([{ event: 'session-ended', data: '{}' }]);
  });

  it('expiry: the stream ends when its session expires, with nothing else happening', async () => {
    const leader = await leaderWithTeam('Expiring');
    const stream = await openStream(leader.cookie);
    const first = await ask(leader.teamId);
    await expectRequestOn(stream, first);
    // Its expiry moves to a moment from now (the row changes once, then nothing more happens).
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 800) })
      .where(eq(sessions.userId, leader.userId));
    expect(await eventsUntilEnd(stream, 2500)).toEqual([{ event: 'session-ended', data: '{}' }]);
    expect((await openEvents(leader.cookie)).status).toBe(401);
  });

  it('a session that ends on another instance (the database tells every instance) ends this one too', async () => {
    // Deleting the row is all another instance would do; no request reaches this app.
    await expectStreamEndsWith((_mine, _other, leader) => h.db.delete(sessions).where(eq(sessions.userId, leader.userId)));
  });

  it('a session that moves on (its daily refresh) keeps its stream', async () => {
    const leader = await leaderWithTeam('Staying');
    const stream = await openStream(leader.cookie);
    const first = await ask(leader.teamId);
    await expectRequestOn(stream, first);
    await cancel(first);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, leader.userId));
    const requestId = await ask(leader.teamId);
    await expectRequestOn(stream, requestId);
    await stream.close();
    await cancel(requestId);
  });
});

describe('at most a few streams per account', () => {
  it(`the ${STREAMS_PER_ACCOUNT + 1}th stream of an account answers 429 with Retry-After; closing one makes room`, async () => {
    const leader = await leaderWithTeam('Many');
    const streams = [];
    for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) streams.push(await openStream(i % 2 ? leader.cookie : await signIn(leader)));
    const refused = await h.api('GET /api/me/events', { cookie: leader.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringContaining(`already open in ${STREAMS_PER_ACCOUNT} browsers`),
      code: 'too_many_requests',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected.
    const theirs = await openStream(asker.cookie);
    await theirs.close();

    await streams.pop()!.close();
    await expect.poll(async () => (await h.api('GET /api/me/events', { cookie: leader.cookie })).status).toBe(200);
    await Promise.all(streams.map((s) => s.close()));
  });
});

describe('fan-out', () => {
  it("reads a notification once for all of its recipient's streams", async () => {
    const leader = await leaderWithTeam('Fanout');
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_ACCOUNT }, () => openStream(leader.cookie)));
    // The opening reads are done once every stream has had a quiet moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readsBefore = h.live.reads;
    const requestId = await ask(leader.teamId);
    for (const stream of streams) expect(await stream.next()).toMatchObject({ event: 'notification' });
    expect(h.live.reads - readsBefore).toBe(1);
    await Promise.all(streams.map((s) => s.close()));
    await cancel(requestId);
  });

  it('notifications committed at once, in any order, reach every stream once each', async () => {
    const leader = await leaderWithTeam('Burst');
    const streams = await Promise.all([openStream(leader.cookie), openStream(leader.cookie)]);
    const names = Array.from({ length: 20 }, (_, i) => `Burst ${i}`);
    await Promise.all(names.map((teamName) => notify(h.db, [{ profileId: leader.profileId, kind: 'removed', data: { teamName } }])));
    for (const stream of streams) {
      const heard: string[] = [];
      for (let event = await stream.next(); event !== 'timeout'; event = await stream.next(500))
        heard.push(JSON.parse(event.data).data.teamName);
      expect(heard.sort()).toEqual([...names].sort());
      await stream.close();
    }
  });

  it('endStreams ends the streams it picks as the server (no session-ended: the browser reconnects)', async () => {
    const [a, b] = await Promise.all([leaderWithTeam('Drained'), leaderWithTeam('Kept')]);
    const [drained, kept] = [await openStream(a.cookie), await openStream(b.cookie)];
    expect(h.live.endStreams((owner) => owner.profileId === a.profileId)).toBe(1);
    expect(await eventsUntilEnd(drained)).toEqual([]);
    expect(await kept.next(300)).toBe('timeout');
    await kept.close();
  });
});
