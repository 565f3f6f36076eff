/** What other features (and the app's composition) may use of matching. */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Logger } from '../../log';
import { matchingPeople } from '../profiles';
import { matchingTeams } from '../teams';
import { MATCHING_CHANNEL, MatchingIndex } from './matching-index';

export { MATCHING_CHANNEL, MatchingIndex, type MatchingSource } from './matching-index';

/**
 * The index over this database's profiles and teams (call start() to load it and follow changes).
 * Its markers go through `notify` when given (the database's own, over the listening connection),
 * else through the pool.
 */
export const createMatchingIndex = (db: Db, log?: Logger, notify?: Database['notify']) =>
  new MatchingIndex({
    people: (ids) => matchingPeople(db, ids),
    teams: (ids) => matchingTeams(db, ids),
    announce: notify
      ? (payload) => notify(MATCHING_CHANNEL, payload)
      : async (payload) => void (await db.execute(sql`select pg_notify(${MATCHING_CHANNEL}, ${payload})`)),
  }, log);
