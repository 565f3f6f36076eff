/**
 * Announcements reach their recipients' inboxes a batch at a time (announcement-inbox.repo.ts): the
 * first batch in the transaction that sends it, the rest by the deliverer, which records each batch
 * with it. A deliverer stopped after a batch and another started later give each recipient the
 * announcement exactly once; an account deleted meanwhile is passed over; the live stream hears of
 * each batch.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { silentLogger } from '../../platform/log';
import { eventReader } from '../../testing/client';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { eventBySlug } from '../events';
import { createAnnouncementInbox } from './announcement-inbox';
import { deliverBatch, nextDelivery } from './announcement-inbox.repo';
import { announce } from './announcements.repo';

const slug = 'inbox-hack';

let h: Harness;
let owner: TestUser;
/** The participants in profile id order: the order they get an announcement in. */
let people: TestUser[];

const deliverer = () => createAnnouncementInbox({ db: h.db, exclusive: h.exclusive, log: silentLogger, batchSize: 3 });

/** Sends an announcement to everyone in the event, with batches of three. */
async function send(message: string) {
  const event = (await eventBySlug(h.db, slug))!;
  const sent = await announce(
    h.db,
    event,
    { profileId: owner.profileId, role: 'owner' },
    { message, segment: { kind: 'everyone' } },
    {
      mail: false,
      inboxBatch: 3,
    },
  );
  if (!sent.ok) throw new Error(sent.reason);
  return sent;
}

/** How many copies of the announcement each participant has in their inbox. */
async function copies(id: string, who: TestUser[] = people) {
  const counts: number[] = [];
  for (const p of who) {
    const inbox = await h.api('GET /api/me/inbox', { cookie: p.cookie });
    expect(inbox.status).toBe(200);
    counts.push(inbox.body.items!.filter((n) => n.data.announcementId === id).length);
  }
  return counts;
}

const stateOf = async (id: string) =>
  (await queryRows<{ state: string }>(h.db, sql`select inbox_state as state from announcements where id = ${id}`))[0].state;

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp({ firstName: 'Olga' });
  await createEvent(h, owner, { slug, name: 'Inbox Hack' });
  people = [];
  for (let i = 0; i < 7; i++) people.push(await h.signUp({ firstName: `Pat${i}` }));
  for (const p of people)
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: p.cookie, body: {} })).status).toBe(200);
  people.sort((a, b) => (a.profileId < b.profileId ? -1 : 1));
});
afterAll(async () => {
  await h?.close();
});

describe('announcements in the inbox, a batch at a time', () => {
  it('a deliverer stopped after one batch and another started later give each recipient the announcement exactly once', async () => {
    const sent = await send('Kick-off is at noon UTC; bring your ideas.');
    expect(sent.recipientCount).toBe(7);
    // The first batch went with the announcement: the first three in profile id order.
    expect(await copies(sent.id)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(await stateOf(sent.id)).toBe('delivering');

    expect(await deliverer().drain({ batches: 1 })).toBe(true);
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1, 0]);

    // Another deliverer (another instance, or this one restarted) takes up the rest.
    expect(await deliverer().drain()).toBe(true);
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(await stateOf(sent.id)).toBe('delivered');
    // Nothing is left: a later round delivers nothing more.
    await deliverer().drain();
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('a batch cut off before its commit (a process killed) leaves no copy and no progress: the next round delivers it once', async () => {
    const sent = await send('The wifi password is on the wall.');
    const before = await copies(sent.id);
    await h.db
      .transaction(async (tx) => {
        const delivery = (await nextDelivery(tx))!;
        expect(delivery.id).toBe(sent.id);
        await deliverBatch(tx, delivery, 3);
        throw new Error('killed');
      })
      .catch(() => {});
    expect(await copies(sent.id)).toEqual(before);
    await deliverer().drain();
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('reads like any announcement, and the live stream hears of it when its batch is delivered', async () => {
    const last = people[6];
    const res = await h.app.request('http://localhost/api/me/events', { headers: { cookie: last.cookie } });
    expect(res.status).toBe(200);
    const { next, close } = eventReader(res);
    try {
      expect(await next()).toMatchObject({ event: 'ready' });
      const sent = await send('Dinner is in the main hall.');
      // Not in the first batch: nothing yet.
      expect(await next(300)).toBe('timeout');
      await deliverer().drain();
      const heard = await next();
      expect(heard).not.toBe('timeout');
      if (heard === 'timeout') return;
      expect(heard.event).toBe('notification');
      expect(JSON.parse(heard.data)).toMatchObject({
        kind: 'announcement',
        text: 'Inbox Hack: Dinner is in the main hall.',
        link: `/hackathons/${slug}`,
        data: { announcementId: sent.id },
      });
    } finally {
      await close();
    }
  });

  it('passes over an account deleted after the announcement was sent', async () => {
    const sent = await send('Judging starts at three.');
    const gone = people[5];
    expect(
      (
        await h.api('POST /api/auth/delete-account', {
          cookie: gone.cookie,
          body: { password: 'team-finder-1', confirm: 'delete my account' },
        })
      ).status,
    ).toBe(200);
    await deliverer().drain();
    expect(await stateOf(sent.id)).toBe('delivered');
    expect(await copies(sent.id, [...people.slice(0, 5), people[6]])).toEqual([1, 1, 1, 1, 1, 1]);
    people.splice(5, 1);
  });

  it('an announcement to fewer people than a batch is in every inbox when it is sent', async () => {
    const sent = await h.api('POST /api/events/{slug}/announcements', {
      params: { slug },
      cookie: owner.cookie,
      body: { message: 'Six of you: the room is booked.', segment: { kind: 'everyone' } },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.recipientCount).toBe(6);
    expect(await copies(sent.body.id!)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await stateOf(sent.body.id!)).toBe('delivered');
  });

  it('an announcement to exactly a batch is marked delivered by the next round, which delivers nothing more', async () => {
    const sent = await send('Three, then three: the room is booked.');
    await deliverer().drain({ batches: 1 });
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await stateOf(sent.id)).toBe('delivering');
    await deliverer().drain({ batches: 1 });
    expect(await stateOf(sent.id)).toBe('delivered');
    expect(await copies(sent.id)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
