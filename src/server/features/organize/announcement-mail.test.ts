/**
 * Email copies of announcements (docs/product.md#the-organizers-desk): with SMTP configured, an
 * announcement is mailed to each recipient in batches; a sender stopped after a batch and another
 * started later mail every recipient exactly once, and two senders at once never both send.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../../tests/support/mail-catcher';
import { queryRows } from '../../db/client';
import { silentLogger } from '../../platform/log';
import { createMailer, type Mailer } from '../../platform/mail';
import { createEvent } from '../../testing/events';
import { createHarness, type Harness, type TestUser } from '../../testing/harness';
import { createAnnouncementSender } from './announcement-mail';

const slug = 'mail-hack';
const SUBJECT = /^Mail Hack: a message from the organizers$/;

let h: Harness;
let mail: MailCatcher;
let mailer: Mailer;
let owner: TestUser;
let people: TestUser[];
const noListen = async () => async () => {};

const sender = (batchSize: number, through: Mailer = mailer) =>
  createAnnouncementSender({
    db: h.db,
    exclusive: h.exclusive,
    mailer: through,
    log: silentLogger,
    linkTo: (path) => `http://teams.example.org${path}`,
    batchSize,
    concurrency: 2,
  });

const announce = async (message: string) => {
  const sent = await h.api('POST /api/events/{slug}/announcements', {
    params: { slug },
    cookie: owner.cookie,
    body: { message, segment: { kind: 'everyone' } },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.id;
};

/** How many copies of an announcement each participant received (by its words in the text). */
const copiesOf = (message: string) =>
  people.map((p) => mail.to(p.email).filter((m) => SUBJECT.test(m.subject) && m.text.includes(message)).length);

const mailState = async (id: string) =>
  (await queryRows<{ state: string }>(h.db, sql`select mail_state as state from announcements where id = ${id}`))[0].state;

beforeAll(async () => {
  mail = await startMailCatcher();
  mailer = createMailer({ smtpUrl: mail.url, from: 'HackTeams <teams@example.org>', log: silentLogger });
  h = await createHarness({ mailer });
  owner = await h.signUp({ firstName: 'Olga' });
  people = [];
  for (let i = 0; i < 7; i++) people.push(await h.signUp({ firstName: `Pat${i}` }));
  await createEvent(h, owner, { slug, name: 'Mail Hack' });
  for (const p of people)
    expect((await h.api('PUT /api/events/{slug}/registration', { params: { slug }, cookie: p.cookie, body: {} })).status).toBe(200);
});
afterAll(async () => {
  await h?.close();
  await mail?.stop();
});

describe('email copies of announcements', () => {
  it('a sender stopped after one batch and another started later mail each recipient exactly once', async () => {
    const message = 'Kick-off is at noon UTC; bring your ideas.';
    const id = await announce(message);
    expect(await mailState(id)).toBe('sending');

    // The first sender is told to stop while its first batch (3 people) is being handed over.
    let first: ReturnType<typeof sender> | undefined = undefined;
    let stopped: Promise<void> | undefined;
    const stopping: Mailer = {
      ...mailer,
      deliver: async (m) => {
        stopped ??= first!.stop();
        await mailer.deliver(m);
      },
    };
    first = sender(3, stopping);
    await first.start(noListen);
    await expect.poll(() => stopped !== undefined).toBe(true);
    await stopped;
    expect(copiesOf(message).reduce((a, b) => a + b, 0)).toBe(3);
    expect(await mailState(id)).toBe('sending');

    // A restart: the next sender starts after the last one mailed.
    expect(await sender(3).drain()).toBe(true);
    expect(copiesOf(message)).toEqual(people.map(() => 1));
    expect(await mailState(id)).toBe('sent');
    const copy = mail.to(people[0].email).find((m) => m.text.includes(message))!;
    expect(copy.text).toContain('Hi Pat0,');
    expect(copy.text).toContain(`http://teams.example.org/hackathons/${slug}`);
  });

  it('two senders at once: one sends, each recipient gets one copy', async () => {
    const message = 'Judging starts tomorrow, good luck to every team.';
    const id = await announce(message);
    await Promise.all([sender(2).drain(), sender(2).drain()]);
    expect(copiesOf(message)).toEqual(people.map(() => 1));
    expect(await mailState(id)).toBe('sent');
  });

  it('a mail server that refuses pauses the mailing where it stopped; the next try goes on from there', async () => {
    const message = 'Dinner is served in the main hall at seven.';
    const id = await announce(message);
    let refusals = 0;
    const flaky: Mailer = {
      ...mailer,
      deliver: async (m) => {
        // The fourth message is refused once.
        if (mail.messages.filter((c) => c.text.includes(message)).length === 3 && refusals === 0) {
          refusals += 1;
          throw new Error('421 try again later');
        }
        await mailer.deliver(m);
      },
    };
    const s = createAnnouncementSender({
      db: h.db,
      exclusive: h.exclusive,
      mailer: flaky,
      log: silentLogger,
      linkTo: (path) => `http://teams.example.org${path}`,
      batchSize: 5,
      concurrency: 1,
    });
    await s.drain();
    expect(copiesOf(message).reduce((a, b) => a + b, 0)).toBe(3);
    expect(await mailState(id)).toBe('sending');
    await s.drain();
    expect(copiesOf(message)).toEqual(people.map(() => 1));
    expect(await mailState(id)).toBe('sent');
  });
});
