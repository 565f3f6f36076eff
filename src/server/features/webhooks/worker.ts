/**
 * The webhook worker (docs/decisions/026-webhooks.md): every few seconds, and at once when a
 * delivery is queued (NOTIFY), it claims due deliveries and sends them; a failed attempt is tried
 * again with backoff (1 min, 5 min, 30 min, 2 h, 6 h, 12 h) until a day after the first try, then
 * the delivery is failed. Every instance may run one: claims skip rows another holds. Stopping
 * lets the attempts in progress finish and record their result.
 */
import type { Db, Database } from '../../db/client';
import type { Logger } from '../../platform/log';
import { wakeLoop } from '../../platform/wake-loop';
import type { WebhookPayload } from '../../../shared/api/webhooks';
import { DELIVERY_TIMEOUT_MS, httpSender, type Send } from './deliver';
import { claimDue, pruneDeliveries, recordAttempt, WEBHOOKS_CHANNEL, type ClaimedDelivery } from './webhooks.repo';

const MINUTE = 60_000;
export const BACKOFF_MS = [1, 5, 30, 120, 360, 720].map((m) => m * MINUTE);
/** How long after the first attempt a delivery is retried before it is failed. */
export const RETRY_FOR_MS = 24 * 60 * MINUTE;
/** Delivered and failed deliveries are kept this long. */
export const KEEP_DELIVERIES_MS = 14 * 24 * 60 * MINUTE;
const POLL_MS = 5_000;
const PRUNE_EVERY_MS = 60 * MINUTE;

/** When to try again after `attempts` attempts, or null when the day is over. */
export function retryAt(now: Date, attempts: number, firstAttemptAt: Date): Date | null {
  const wait = BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)];
  const next = new Date(now.getTime() + wait);
  return next.getTime() - firstAttemptAt.getTime() > RETRY_FOR_MS ? null : next;
}

/** The body of a delivery: exactly the bytes that are signed and sent. */
export const payloadOf = (d: Pick<ClaimedDelivery, 'id' | 'kind' | 'data' | 'occurredAt'>, slug: string): string =>
  JSON.stringify({
    id: d.id,
    kind: d.kind,
    event: { slug },
    occurredAt: d.occurredAt.toISOString(),
    data: d.data,
  } satisfies WebhookPayload);

export interface WebhookWorkerOptions {
  db: Db;
  log: Logger;
  /** Whether private and loopback addresses may be called, and http (WEBHOOKS_ALLOW_PRIVATE, tests). */
  allowPrivate: boolean;
  /** The event's slug for a payload (from the events feature, composed in index.ts). */
  eventSlug: (eventId: string) => Promise<string | null>;
  /** How an attempt is sent (default: signed HTTPS POST, url-guard.ts). */
  send?: Send;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Deliveries claimed per round (default 10, sent at once). */
  batchSize?: number;
  pollMs?: number;
}

export interface WebhookWorker {
  /** Claims and sends what is due (rounds until none is); answers how many attempts were made. */
  runOnce(): Promise<number>;
  start(listen: Database['listen']): Promise<void>;
  stop(): Promise<void>;
}

export function createWebhookWorker(opts: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = opts;
  const send = opts.send ?? httpSender({ allowPrivate: opts.allowPrivate });
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 10;
  const leaseMs = DELIVERY_TIMEOUT_MS + 50_000;
  let lastPrune = 0;

  async function attempt(d: ClaimedDelivery): Promise<void> {
    const slug = (await opts.eventSlug(d.eventId)) ?? '';
    const result = await send({ url: d.url, secret: d.secret, deliveryId: d.id, kind: d.kind, body: payloadOf(d, slug) });
    const at = now();
    await recordAttempt(db, d.id, {
      delivered: result.ok,
      status: result.status,
      error: result.ok ? null : result.error,
      retryAt: result.ok ? null : retryAt(at, d.attempts, d.firstAttemptAt),
    });
  }

  async function runOnce(): Promise<number> {
    let attempts = 0;
    while (!loop.stopping) {
      const at = now();
      const claimed = await claimDue(db, at, new Date(at.getTime() + leaseMs), batchSize);
      if (claimed.length === 0) break;
      attempts += claimed.length;
      await Promise.all(
        claimed.map((d) => attempt(d).catch((err: unknown) => log.error({ err, deliveryId: d.id }, 'webhook delivery failed'))),
      );
    }
    if (now().getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now().getTime();
      const pruned = await pruneDeliveries(db, new Date(now().getTime() - KEEP_DELIVERIES_MS));
      if (pruned) log.info({ pruned }, 'webhooks: old deliveries pruned');
    }
    return attempts;
  }

  const loop = wakeLoop({
    channel: WEBHOOKS_CHANNEL,
    pollMs: opts.pollMs ?? POLL_MS,
    log,
    failure: 'the webhook worker failed',
    round: runOnce,
  });

  return { runOnce, start: loop.start, stop: loop.stop };
}
