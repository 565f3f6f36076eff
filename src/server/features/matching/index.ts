/** What other features (and the app's composition) may use of matching. */
import type { Database } from '../../db/client';
import type { Logger } from '../../platform/log';
import { matchingPeople } from '../profiles';
import { matchingTeams } from '../teams';
import { MATCHING_CHANNEL, MatchingIndex } from './matching-index';

export { MATCHING_CHANNEL, MatchingIndex, type MatchingSource } from './matching-index';

/**
 * The index over this database's profiles and teams (call start() to load it and follow changes).
 * Its markers go through the database's `notify`: over the listening connection, not the pool.
 */
export const createMatchingIndex = ({ db, notify }: Pick<Database, 'db' | 'notify'>, log?: Logger) =>
  new MatchingIndex(
    {
      people: (ids) => matchingPeople(db, ids),
      teams: (ids) => matchingTeams(db, ids),
      announce: (payload) => notify(MATCHING_CHANNEL, payload),
    },
    log,
  );
