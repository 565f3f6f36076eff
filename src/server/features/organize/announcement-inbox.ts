/**
 * The deliverer of large announcements to their recipients' inboxes (announcement-inbox.repo.ts,
 * docs/decisions/036-announcements-delivered-in-batches.md): one at a time across instances (the
 * database's `exclusive` lock), a batch per transaction, the oldest announcement first. Each batch
 * records its progress in its own transaction, so a deliverer stopped or killed at any point leaves
 * the next one, here or on another instance, where every recipient has it once.
 */
import type { Db, Exclusive } from '../../db/client';
import type { Logger } from '../../platform/log';
import { batchLoop, type BatchLoop } from '../../platform/wake-loop';
import { ANNOUNCEMENT_INBOX_CHANNEL, deliverBatch, INBOX_BATCH, nextDelivery } from './announcement-inbox.repo';

const LOCK = 'announcement-inbox';
/** How often an idle deliverer looks for a delivery left by a stopped instance. */
const POLL_MS = 30_000;

export function createAnnouncementInbox(opts: { db: Db; exclusive: Exclusive; log: Logger; batchSize?: number }): BatchLoop {
  const batchSize = opts.batchSize ?? INBOX_BATCH;
  return batchLoop({
    channel: ANNOUNCEMENT_INBOX_CHANNEL,
    pollMs: POLL_MS,
    log: opts.log,
    failure: 'delivering an announcement to inboxes failed',
    lock: LOCK,
    exclusive: opts.exclusive,
    step: () =>
      opts.db.transaction(async (tx) => {
        const delivery = await nextDelivery(tx);
        if (!delivery) return 'idle';
        await deliverBatch(tx, delivery, batchSize);
        return 'more';
      }),
  });
}
