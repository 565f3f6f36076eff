/**
 * Blocks (docs/product.md#safety): a person blocks another; then neither can send the other a join
 * request or an invitation, neither sees the other's contact details, and grouping never puts them
 * together. The blocked person is never told: callers answer as for someone who does not accept
 * invitations.
 */
import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PersonRef } from '../../../shared/api/refs';
import { done, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { people } from '../../db/people';
import { blocks } from '../../db/schema';

/** `blockerId` blocks `blockedId` (again: nothing changes). Whether it is new. */
export async function block(db: Db, blockerId: string, blockedId: string): Promise<Outcome<{ created: boolean }>> {
  if (blockerId === blockedId) return refused('cannot_block_self');
  const [person] = await db.select({ id: people.id }).from(people.table).where(eq(people.id, blockedId));
  if (!person) return refused('profile_not_found');
  const rows = await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: blocks.blockedId });
  return done({ created: rows.length > 0 });
}

/** Lifts a block; lifting one that is not there is not an error. */
export async function unblock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The people a person blocked, newest first. */
export async function blockedBy(db: Db, blockerId: string): Promise<Array<{ person: PersonRef; since: string }>> {
  const rows = await db
    .select({ person: people.ref, since: blocks.createdAt })
    .from(blocks)
    .innerJoin(people.table, eq(people.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt))
    .limit(1000);
  return rows.map((r) => ({ person: r.person, since: r.since.toISOString() }));
}

/**
 * For a statement of another feature: the block between the viewer and the person whose id is
 * `personId`: 'viewer' if the viewer blocked them, 'other' if only they blocked the viewer, else null.
 */
export const blockBetween = (viewerId: SQL | Placeholder, personId: SQL): SQL<'viewer' | 'other' | null> =>
  sql`(select case when bool_or(${blocks.blockerId} = ${viewerId}) then 'viewer' else 'other' end from ${blocks}
    where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${personId})
       or (${blocks.blockerId} = ${personId} and ${blocks.blockedId} = ${viewerId})
    having count(*) > 0)`;

/**
 * The pairs among these profile ids where one blocked the other (each pair once, as stored:
 * [blocker, blocked]). For grouping: it never puts such a pair in one team.
 */
export async function blockedPairsAmong(db: Db, userIds: string[]): Promise<Array<[string, string]>> {
  const ids = [...new Set(userIds)];
  if (ids.length < 2) return [];
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids)));
  return rows.map((r) => [r.blockerId, r.blockedId]);
}

/** For a statement of another feature: the people on the other side of a block with the person whose id is `profileId`. */
export const blockedWithOf = (profileId: SQL | SQL.Aliased | Placeholder): SQL =>
  sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${profileId}
    union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${profileId})`;
