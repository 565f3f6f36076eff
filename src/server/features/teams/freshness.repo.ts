/**
 * Freshness (docs/product.md#freshness): the leaders of a team whose open positions have been
 * listed unchanged for POSITIONS_REMINDER_DAYS are reminded once (again only after the team changes
 * its listing and it grows old once more).
 */
import { sql } from 'drizzle-orm';
import { POSITIONS_REMINDER_DAYS } from '../../../shared/constants';
import { queryRows, type Db } from '../../db/client';
import { teamMembers, teams } from '../../db/schema';
import { notifyEach } from '../notifications';

/** Reminds the leaders of at most `limit` teams of events in `eventIds`; answers how many teams. */
export async function remindOpenPositions(tx: Db, eventIds: string[], limit = 1000): Promise<number> {
  if (eventIds.length === 0) return 0;
  const due = await queryRows<{ id: string; name: string }>(
    tx,
    sql`update ${teams} t set positions_reminded_at = now()
      where t.id in (
        select id from ${teams}
        where ${teams.eventId} in ${eventIds} and ${teams.isOpen} and ${teams.memberCount} < ${teams.maxSize}
          and cardinality(${teams.openPositions}) > 0
          and ${teams.updatedAt} < now() - make_interval(days => ${POSITIONS_REMINDER_DAYS})
          and (${teams.positionsRemindedAt} is null or ${teams.positionsRemindedAt} < ${teams.updatedAt})
        order by ${teams.updatedAt} limit ${limit}
        for update skip locked)
      returning t.id, t.name`,
  );
  if (due.length === 0) return 0;
  // Each team's leaders, told about their own team, in one statement (not one per team).
  await notifyEach(
    tx,
    sql`select m.profile_id, jsonb_build_object('teamId', d.id, 'teamName', d.name, 'days', ${POSITIONS_REMINDER_DAYS}::int) as data
      from jsonb_to_recordset(${JSON.stringify(due)}::jsonb) as d(id uuid, name text)
      join ${teamMembers} m on m.team_id = d.id and m.is_leader`,
    'positions_open_long',
  );
  return due.length;
}
