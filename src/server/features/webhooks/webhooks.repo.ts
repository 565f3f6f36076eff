/**
 * Webhooks and their deliveries (docs/product.md#webhooks, docs/decisions/026-webhooks.md). A
 * delivery row is written by `queueWebhooks` inside the transaction of the change it tells about,
 * so a crash never loses one nor invents one; workers claim due rows with FOR UPDATE SKIP LOCKED
 * and push them past their timeout (a lease), so two workers never send one row at once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Webhook, WebhookCreated, WebhookDelivery } from '../../../shared/api/webhooks';
import { WEBHOOKS_PER_EVENT, type WebhookKind } from '../../../shared/webhooks';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { lockKey, queryRows, type Db } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema';

/** The channel a committed delivery wakes the workers on. */
export const WEBHOOKS_CHANNEL = 'hackteams_webhooks';
const RECENT = 20;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  kind: d.kind as WebhookKind,
  state: d.state as WebhookDelivery['state'],
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
});

const webhookView = (w: typeof webhooks.$inferSelect, deliveries: DeliveryRow[]): Webhook => ({
  id: w.id,
  url: w.url,
  kinds: w.kinds as WebhookKind[],
  active: w.active,
  createdAt: w.createdAt.toISOString(),
  deliveries: deliveries.map(deliveryView),
});

async function recentDeliveries(db: Db, webhookId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(RECENT);
}

/** An event's webhooks, oldest first, each with its latest deliveries; never their secrets. */
export async function webhooksOf(db: Db, eventId: string): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.eventId, eventId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return Promise.all(rows.map(async (w) => webhookView(w, await recentDeliveries(db, w.id))));
}

export async function createWebhook(
  db: Db,
  eventId: string,
  byProfileId: string,
  input: { url: string; kinds: WebhookKind[]; active?: boolean },
): Promise<Outcome<{ webhook: WebhookCreated }>> {
  return inTransaction(db, async (tx) => {
    // One at a time per event, so the limit holds under concurrent requests.
    await lockKey(tx, `webhooks:${eventId}`);
    const [{ n }] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.eventId, eventId));
    if (n >= WEBHOOKS_PER_EVENT) return refused('too_many_webhooks', { max: WEBHOOKS_PER_EVENT });
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const [row] = await tx
      .insert(webhooks)
      .values({ eventId, url: input.url, kinds: input.kinds, active: input.active ?? true, secret, byProfileId })
      .returning();
    return done({ webhook: { ...webhookView(row, []), secret } });
  });
}

export async function updateWebhook(
  db: Db,
  eventId: string,
  id: string,
  patch: { kinds?: WebhookKind[]; active?: boolean },
): Promise<Outcome<{ webhook: Webhook }>> {
  const [row] = await db
    .update(webhooks)
    .set({ ...(patch.kinds && { kinds: patch.kinds }), ...(patch.active !== undefined && { active: patch.active }), updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.eventId, eventId)))
    .returning();
  if (!row) return refused('webhook_not_found');
  return done({ webhook: webhookView(row, await recentDeliveries(db, id)) });
}

export async function deleteWebhook(db: Db, eventId: string, id: string): Promise<Outcome> {
  const gone = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.eventId, eventId)))
    .returning({ id: webhooks.id });
  return gone.length ? done() : refused('webhook_not_found');
}

/** A new delivery of what an earlier one told (same kind, time and data; a new id), due now. */
export async function redeliver(
  db: Db,
  eventId: string,
  webhookId: string,
  deliveryId: string,
): Promise<Outcome<{ delivery: WebhookDelivery }>> {
  return inTransaction(db, async (tx) => {
    const [old] = await tx
      .select({ kind: webhookDeliveries.kind, data: webhookDeliveries.data, occurredAt: webhookDeliveries.occurredAt })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhooks.id, webhookId), eq(webhooks.eventId, eventId)));
    if (!old) return refused('webhook_delivery_not_found');
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ webhookId, kind: old.kind, data: old.data, occurredAt: old.occurredAt, nextAttemptAt: sql`now()` })
      .returning();
    await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
    return done({ delivery: deliveryView(row) });
  });
}

/**
 * Queues one delivery of `kind` to every active webhook of the event that wants it, inside the
 * caller's transaction (`tx`): it commits, or is rolled back, with the change it tells about.
 */
export async function queueWebhooks(tx: Db, eventId: string, kind: WebhookKind, data: Record<string, unknown>): Promise<void> {
  const added = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${webhookDeliveries} (webhook_id, kind, data, occurred_at, next_attempt_at)
      select w.id, ${kind}, ${JSON.stringify(data)}::jsonb, now(), now() from ${webhooks} w
      where w.event_id = ${eventId} and w.active and ${kind} = any(w.kinds)
      returning id`,
  );
  // Wakes the workers once this commits (worker.ts).
  if (added.length) await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
}

export interface ClaimedDelivery {
  id: string;
  kind: WebhookKind;
  data: Record<string, unknown>;
  occurredAt: Date;
  attempts: number;
  firstAttemptAt: Date;
  url: string;
  secret: string;
  eventId: string;
}

/**
 * Takes up to `limit` due deliveries of active webhooks: each is pushed to `leaseUntil` (past the
 * attempt's timeout) and counted as an attempt, in one statement that skips rows another worker holds.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const rows = await queryRows<ClaimedDelivery & { occurredAt: string | Date; firstAttemptAt: string | Date }>(
    db,
    sql`with due as (
        select d.id from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id
        where d.state = 'pending' and d.next_attempt_at <= ${at}::timestamptz and w.active
        order by d.next_attempt_at limit ${limit}
        for update of d skip locked)
      update ${webhookDeliveries} d set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1,
        first_attempt_at = coalesce(d.first_attempt_at, ${at}::timestamptz), last_attempt_at = ${at}::timestamptz
      from due, ${webhooks} w
      where d.id = due.id and w.id = d.webhook_id
      returning d.id, d.kind, d.data, d.occurred_at as "occurredAt", d.attempts, d.first_attempt_at as "firstAttemptAt",
        w.url, w.secret, w.event_id as "eventId"`,
  );
  return rows.map((r) => ({ ...r, occurredAt: new Date(r.occurredAt), firstAttemptAt: new Date(r.firstAttemptAt) }));
}

/** Records an attempt's result: delivered, due again at `retryAt`, or failed (`retryAt` null). */
export async function recordAttempt(
  db: Db,
  id: string,
  result: { delivered: boolean; status: number | null; error: string | null; retryAt: Date | null },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      state: result.delivered ? 'delivered' : result.retryAt ? 'pending' : 'failed',
      lastStatus: result.status,
      lastError: result.error,
      ...(result.retryAt && !result.delivered && { nextAttemptAt: result.retryAt }),
    })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending')));
}

/** Deliveries done (delivered or failed) before `before` go. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.state, ['delivered', 'failed']),
        sql`${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
