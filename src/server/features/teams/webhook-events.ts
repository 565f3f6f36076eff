/**
 * What teams tell an event's webhooks (docs/product.md#webhooks), queued in the caller's
 * transaction: a team created, members joining and leaving, positions opened and taken off the list.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { people } from '../../db/people';
import { queueWebhooks } from '../webhooks';

interface TeamRef {
  id: string;
  name: string;
  eventId: string;
}

export async function teamCreatedWebhook(tx: Db, team: TeamRef, openPositions: string[]): Promise<void> {
  await queueWebhooks(tx, team.eventId, 'team_created', { teamId: team.id, teamName: team.name, openPositions });
  await positionsWebhook(tx, team, [], openPositions);
}

/** Positions added to the list are opened; those taken off it are filled. Compared case-insensitively. */
export async function positionsWebhook(tx: Db, team: TeamRef, before: string[], after: string[]): Promise<void> {
  const lower = (list: string[]) => new Set(list.map((p) => p.toLowerCase()));
  const had = lower(before);
  const has = lower(after);
  for (const position of after.filter((p) => !had.has(p.toLowerCase())))
    await queueWebhooks(tx, team.eventId, 'position_opened', { teamId: team.id, teamName: team.name, position });
  for (const position of before.filter((p) => !has.has(p.toLowerCase())))
    await queueWebhooks(tx, team.eventId, 'position_filled', { teamId: team.id, teamName: team.name, position });
}

export async function memberWebhook(
  tx: Db,
  team: TeamRef,
  kind: 'member_joined' | 'member_left',
  profileId: string,
  extra: { role?: string; reason?: 'left' | 'removed' | 'left_event' | 'account_deleted' } = {},
): Promise<void> {
  const [person] = await tx.select({ name: people.name }).from(people.table).where(eq(people.id, profileId));
  await queueWebhooks(tx, team.eventId, kind, { teamId: team.id, teamName: team.name, profileId, name: person?.name ?? null, ...extra });
}
