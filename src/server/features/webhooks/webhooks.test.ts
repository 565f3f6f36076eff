/**
 * Webhooks per event (docs/product.md#webhooks): only owners and organizers manage them, the secret
 * is shown once, deliveries are queued with the change that causes them, signed, retried with
 * backoff for a day, recorded, redelivered, and never sent twice by two workers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { silentLogger } from '../../platform/log';
import { createWebhookWorker, RETRY_FOR_MS } from './index';
import { startReceiver } from './receiver.testing';

const DAY = 86_400_000;
const slug = 'hook-hack';

let h: Harness;
let owner: TestUser, organizer: TestUser, moderator: TestUser, stranger: TestUser, bob: TestUser, erin: TestUser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let clock: Date;
const worker = () =>
  createWebhookWorker({ db: h.db, log: silentLogger, allowPrivate: true, eventSlug: async () => slug, now: () => clock });

/** What a receiver does: HMAC-SHA256 of the raw body with the secret, compared in constant time. */
function verifies(secret: string, body: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const addHook = (url: string, kinds: string[], user = owner, eventSlug = slug) =>
  h.api('POST /api/events/{slug}/webhooks', { params: { slug: eventSlug }, cookie: user.cookie, body: { url, kinds: kinds as never } });
const hooks = async () => (await h.api('GET /api/events/{slug}/webhooks', { params: { slug }, cookie: owner.cookie })).body;
const removeAllHooks = async () => {
  for (const w of (await hooks()) as { id: string }[])
    expect((await h.api('DELETE /api/events/{slug}/webhooks/{id}', { params: { slug, id: w.id }, cookie: owner.cookie })).status).toBe(204);
};
const createTeam = async (user: TestUser, name: string, openPositions = ['Designer']) => {
  const team = await h.api('POST /api/teams', {
    cookie: user.cookie,
    body: { name, description: 'A team for the webhook tests.', logoUrl: '', openPositions, isOpen: true, event: slug },
  });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  return team.body.id as string;
};

beforeAll(async () => {
  h = await createHarness({ webhooksAllowPrivate: true });
  [owner, organizer, moderator, stranger, bob, erin] = await Promise.all([
    h.signUp({ firstName: 'Olga' }),
    h.signUp({ firstName: 'Orson' }),
    h.signUp({ firstName: 'Mona' }),
    h.signUp({ firstName: 'Stan' }),
    h.signUp({ firstName: 'Bob', lastName: 'Leader' }),
    h.signUp({ firstName: 'Erin', lastName: 'Member' }),
  ]);
  await createEvent(h, owner, { slug, teamSizeMin: 2, teamSizeMax: 4 });
  for (const [who, role] of [
    [organizer, 'organizer'],
    [moderator, 'moderator'],
  ] as const)
    expect(
      (await h.api('POST /api/events/{slug}/staff', { params: { slug }, cookie: owner.cookie, body: { profileId: who.profileId, role } }))
        .status,
    ).toBe(201);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});
beforeEach(async () => {
  // Deliveries are queued due at the database's now(); the worker's clock starts ten minutes ahead,
  // so what a test queued is due however slowly a loaded machine runs it (a one-second lead was
  // not enough beside CI's other lane).
  clock = new Date(Date.now() + 10 * 60_000);
  receiver.received.length = 0;
  receiver.answer([200]);
  await removeAllHooks();
});

describe('who manages webhooks', () => {
  it('owners and organizers; moderators and others 403, anonymous 401, a draft 404 to non-staff', async () => {
    expect((await addHook(receiver.url, ['team_created'])).status).toBe(201);
    expect((await addHook(receiver.url, ['team_created'], organizer)).status).toBe(201);
    for (const user of [moderator, stranger]) {
      const denied = await addHook(receiver.url, ['team_created'], user);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBeTruthy();
      expect((await h.api('GET /api/events/{slug}/webhooks', { params: { slug }, cookie: user.cookie })).status).toBe(403);
    }
    expect((await h.api('GET /api/events/{slug}/webhooks', { params: { slug } })).status).toBe(401);
    await createEvent(h, owner, { slug: 'hook-draft', teamSizeMin: 2, teamSizeMax: 4 }, { publish: false });
    expect((await addHook(receiver.url, ['team_created'], stranger, 'hook-draft')).status).toBe(404);
    expect((await addHook(receiver.url, ['team_created'], owner, 'hook-draft')).status).toBe(201);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE, the web app is told http:// is taken too (GET /api/config)', async () => {
    expect((await h.api('GET /api/config')).body.webhooksAllowHttp).toBe(true);
  });

  it('shows the secret once; the list never does; kinds and active change; at most 10', async () => {
    const created = await addHook(receiver.url, ['team_created', 'member_joined']);
    expect(created.body.secret).toMatch(/^whsec_/);
    const listed = (await hooks()) as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);
    const changed = await h.api('PATCH /api/events/{slug}/webhooks/{id}', {
      params: { slug, id: created.body.id },
      cookie: organizer.cookie,
      body: { kinds: ['position_opened'], active: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ kinds: ['position_opened'], active: false });
    for (let i = 1; i < 10; i++) expect((await addHook(receiver.url, ['registration'])).status).toBe(201);
    const eleventh = await addHook(receiver.url, ['registration']);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('too_many_webhooks');
    const bad = await addHook('ftp://example.org/x', ['registration']);
    expect(bad.status).toBe(400);
    expect((await addHook(receiver.url, [])).status).toBe(400);
  });
});

describe('deliveries', () => {
  it('a team created and a member joined are delivered, signed with the secret', async () => {
    const { body: hook } = await addHook(receiver.url, ['team_created', 'member_joined', 'position_opened']);
    const teamId = await createTeam(bob, 'Signal Owls');
    // An organizer puts in someone taking part (registration is not a kind this hook asked for).
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: erin.cookie, body: {} })).status).toBe(200);
    expect(
      (
        await h.api('POST /api/events/{slug}/teams/{id}/members', {
          params: { slug, id: teamId },
          cookie: owner.cookie,
          body: { profileId: erin.profileId },
        })
      ).status,
    ).toBe(204);
    expect(await worker().runOnce()).toBe(3);
    const kinds = receiver.received.map((r) => r.headers['x-hackteams-event']).sort();
    expect(kinds).toEqual(['member_joined', 'position_opened', 'team_created']);
    for (const r of receiver.received) {
      expect(r.headers['user-agent']).toBe('HackTeams-Hookshot');
      expect(r.headers['content-type']).toBe('application/json');
      expect(verifies(hook.secret, r.body, r.headers['x-hackteams-signature-256'])).toBe(true);
      expect(verifies('whsec_another', r.body, r.headers['x-hackteams-signature-256'])).toBe(false);
      const payload = JSON.parse(r.body);
      expect(payload.id).toBe(r.headers['x-hackteams-delivery']);
      expect(payload.event).toEqual({ slug });
      expect(Date.parse(payload.occurredAt)).not.toBeNaN();
    }
    const joined = JSON.parse(receiver.received.find((r) => r.headers['x-hackteams-event'] === 'member_joined')!.body);
    expect(joined.data).toMatchObject({ teamId, teamName: 'Signal Owls', profileId: erin.profileId, name: 'Erin Member' });
    const opened = JSON.parse(receiver.received.find((r) => r.headers['x-hackteams-event'] === 'position_opened')!.body);
    expect(opened.data).toMatchObject({ teamId, position: 'Designer' });
    const [listed] = (await hooks()) as { deliveries: { state: string; attempts: number; lastStatus: number }[] }[];
    expect(listed.deliveries.map((d) => [d.state, d.attempts, d.lastStatus])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    // Nothing is sent twice.
    expect(await worker().runOnce()).toBe(0);
  });

  it('kinds not chosen, paused webhooks and refused changes queue nothing', async () => {
    const { body: hook } = await addHook(receiver.url, ['registration']);
    // Creating a team registers its creator: that is told, the team is not (not chosen).
    await createTeam(stranger, 'Quiet Team');
    await h.api('PATCH /api/events/{slug}/webhooks/{id}', { params: { slug, id: hook.id }, cookie: owner.cookie, body: { active: false } });
    await h.api('DELETE /api/events/{slug}/registration', { params: { slug }, cookie: moderator.cookie });
    await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: moderator.cookie, body: {} });
    // Paused: what waits is not sent, and nothing new is queued.
    expect(await worker().runOnce()).toBe(0);
    const { deliveries } = (await hooks())[0];
    expect(deliveries.map((d: { kind: string; state: string }) => [d.kind, d.state])).toEqual([['registration', 'pending']]);
  });

  it('a 500 is retried with backoff and delivered on a later attempt', async () => {
    await addHook(receiver.url, ['registration']);
    receiver.answer([500, 200]);
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: organizer.cookie, body: {} })).status).toBe(200);
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    let [d] = (await hooks())[0].deliveries;
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500, lastError: 'answered HTTP 500' });
    expect(Date.parse(d.nextAttemptAt!) - clock.getTime()).toBe(60_000);
    // Not yet due.
    clock = new Date(clock.getTime() + 30_000);
    expect(await w.runOnce()).toBe(0);
    clock = new Date(clock.getTime() + 31_000);
    expect(await w.runOnce()).toBe(1);
    [d] = (await hooks())[0].deliveries;
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200, lastError: null, nextAttemptAt: null });
    expect(receiver.received.map((r) => r.headers['x-hackteams-delivery'])).toEqual([d.id, d.id]);
    expect(JSON.parse(receiver.received[1].body).data).toMatchObject({ action: 'registered', profileId: organizer.profileId });
  });

  it('fails after a day of retries; a redelivery sends it again', async () => {
    const { body: hook } = await addHook(receiver.url, ['announcement']);
    receiver.answer([503]);
    const sent = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'Doors open at nine tomorrow.', segment: { kind: 'everyone' } },
    });
    expect(sent.status).toBe(201);
    const w = worker();
    const start = clock.getTime();
    let attempts = 0;
    while (clock.getTime() - start <= RETRY_FOR_MS + DAY) {
      attempts += await w.runOnce();
      clock = new Date(clock.getTime() + 60 * 60_000);
    }
    let [d] = (await hooks())[0].deliveries;
    expect(d).toMatchObject({ state: 'failed', attempts: 7, lastStatus: 503, nextAttemptAt: null });
    expect(attempts).toBe(7);
    expect(Date.parse(d.lastAttemptAt!) - start).toBeLessThanOrEqual(RETRY_FOR_MS);
    receiver.answer([200]);
    const again = await h.api('POST /api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      params: { slug, id: hook.id, deliveryId: d.id },
      cookie: organizer.cookie,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ state: 'pending', attempts: 0, kind: 'announcement' });
    expect(await w.runOnce()).toBe(1);
    [d] = (await hooks())[0].deliveries;
    expect(d).toMatchObject({ id: again.body.id, state: 'delivered' });
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(bodies.at(-1).data).toEqual(bodies[0].data);
    expect(bodies.at(-1).occurredAt).toBe(bodies[0].occurredAt);
    const other = await h.api('POST /api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      params: { slug, id: hook.id, deliveryId: hook.id },
      cookie: owner.cookie,
    });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('webhook_delivery_not_found');
    expect(
      (
        await h.api('POST /api/events/{slug}/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
          params: { slug, id: hook.id, deliveryId: d.id },
          cookie: moderator.cookie,
        })
      ).status,
    ).toBe(403);
  });

  it('two workers never deliver one row twice', async () => {
    await addHook(receiver.url, ['position_opened']);
    await createTeam(await h.signUp({ firstName: 'Sam' }), 'Many Seats', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']);
    const [one, two] = [worker(), worker()];
    const counts = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    const ids = receiver.received.map((r) => r.headers['x-hackteams-delivery']);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
  });

  it('a rolled-back change queues nothing; old finished deliveries are pruned', async () => {
    await addHook(receiver.url, ['team_created']);
    // Refused (the size is out of the event's bounds): no team, no delivery.
    const full = await h.api('POST /api/teams', {
      cookie: bob.cookie,
      body: { name: 'Too Big', description: 'Over the size.', logoUrl: '', openPositions: [], isOpen: true, event: slug, maxSize: 99 },
    });
    expect(full.status).toBe(400);
    expect(await worker().runOnce()).toBe(0);
    await createTeam(await h.signUp({ firstName: 'Pru' }), 'Pruned Team', ['Lead']);
    expect(await worker().runOnce()).toBe(1);
    await h.db.execute(sql`update webhook_deliveries set created_at = now() - interval '15 days'`);
    expect(await worker().runOnce()).toBe(0);
    expect((await hooks())[0].deliveries).toEqual([]);
  });

  it('a worker stopping (drain) finishes and records the attempt in progress', async () => {
    await addHook(receiver.url, ['position_opened']);
    await createTeam(await h.signUp({ firstName: 'Dru' }), 'Drain Team', ['Tester']);
    const w = worker();
    // Starting runs a round at once; stopping right away waits for it.
    await w.start(async () => async () => {});
    await w.stop();
    const [d] = (await hooks())[0].deliveries;
    expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(receiver.received).toHaveLength(1);
  });
});
