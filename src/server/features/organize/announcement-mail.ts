/**
 * The sender of announcements' email copies (docs/product.md#the-organizers-desk,
 * docs/decisions/019-organizer-desk.md). One sender at a time across instances (the database's
 * `exclusive` lock); it walks each announcement's frozen recipients in profile id order, a batch at
 * a time, and records the last one of each batch the mail server took. A sender that stops (shutdown)
 * finishes its batch first, so the next one, here or on another instance, starts right after it:
 * nobody is mailed twice and nobody is skipped. Only a process killed in the middle of a batch sends
 * that batch's first part again.
 */
import type { Db, Exclusive } from '../../db/client';
import type { Logger } from '../../platform/log';
import { batchLoop, type BatchLoop } from '../../platform/wake-loop';
import type { Mail, Mailer } from '../../platform/mail';
import { eventById } from '../events';
import {
  ANNOUNCEMENT_MAIL_CHANNEL,
  finishMailing,
  markMailed,
  nextMailing,
  recipientsAfter,
  type MailingAnnouncement,
  type MailRecipient,
} from './announcement-mail.repo';

const LOCK = 'announcement-mail';
/** How often an idle sender looks for a mailing left by a stopped instance, or one that failed. */
const POLL_MS = 60_000;

export interface AnnouncementSenderOptions {
  db: Db;
  exclusive: Exclusive;
  mailer: Mailer;
  log: Logger;
  /** A link to a page of this site (on PUBLIC_URL). */
  linkTo: (path: string) => string;
  /** Recipients per batch: the unit of progress recorded (default 200). */
  batchSize?: number;
  /** Messages handed to the mail server at once within a batch (default 10). */
  concurrency?: number;
}

/** Sends what waits, then listens for new announcements and looks again every minute. */
export type AnnouncementSender = BatchLoop;

const announcementMail = (
  event: { name: string; slug: string },
  message: string,
  to: MailRecipient,
  linkTo: (path: string) => string,
): Mail => ({
  to: to.email!,
  subject: `${event.name}: a message from the organizers`,
  text: [
    `Hi ${to.firstName || 'there'},`,
    '',
    message,
    '',
    `The organizers of ${event.name}`,
    linkTo(`/hackathons/${event.slug}`),
    '',
    `You receive this because you take part in ${event.name}.`,
  ].join('\n'),
});

export function createAnnouncementSender(opts: AnnouncementSenderOptions): AnnouncementSender {
  const { db, mailer, log } = opts;
  const batchSize = opts.batchSize ?? 200;
  const concurrency = opts.concurrency ?? 10;

  /** One batch of the oldest mailing: 'more' to go on, 'idle' when nothing waits, 'failed' to pause. */
  async function sendBatch(): Promise<'more' | 'idle' | 'failed'> {
    const mailing: MailingAnnouncement | null = await nextMailing(db);
    if (!mailing) return 'idle';
    const event = await eventById(db, mailing.eventId);
    const batch = event ? await recipientsAfter(db, mailing.id, mailing.mailedThrough, batchSize) : [];
    if (!event || batch.length === 0) {
      await finishMailing(db, mailing.id);
      return 'more';
    }
    // Handed over `concurrency` at a time; progress is the longest run of taken messages from the start.
    let taken = 0;
    let failure: unknown = null;
    for (let i = 0; i < batch.length && failure === null; i += concurrency) {
      const group = batch.slice(i, i + concurrency);
      const results = await Promise.allSettled(
        group.map((r) => (r.email ? mailer.deliver(announcementMail(event, mailing.message, r, opts.linkTo)) : Promise.resolve())),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          failure = result.reason;
          break;
        }
        taken += 1;
      }
    }
    if (taken > 0) await markMailed(db, mailing.id, batch[taken - 1].profileId);
    if (failure !== null) {
      log.error({ err: failure, announcementId: mailing.id }, 'mailing an announcement failed; trying again in a minute');
      return 'failed';
    }
    return 'more';
  }

  return batchLoop({
    channel: ANNOUNCEMENT_MAIL_CHANNEL,
    pollMs: POLL_MS,
    log,
    failure: 'the announcement mail sender failed',
    lock: LOCK,
    exclusive: opts.exclusive,
    step: sendBatch,
  });
}
