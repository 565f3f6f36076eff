/**
 * Who sees a team (docs/product.md#events): everyone, while its event is public; once an admin hid the
 * event (or while it is a draft), only its members, the event's staff and platform admins. To anyone
 * else such a team is not there: every route answers 404 'Team not found', as for an unknown id, not
 * 403 'Only a team leader…', which would tell that it exists.
 */
import type { Db } from '../../db/client';
import { eventFactsById, staffRoleOf, type EventViewer } from '../events';

/**
 * Whether what belongs to this event (a team, an announcement) is not there for a viewer it does not
 * concern (not a team's member, not a recipient): the event is not public, and they are neither its staff nor an admin.
 */
export async function unlistedFor(db: Db, eventId: string, viewer: EventViewer): Promise<boolean> {
  if ((await eventFactsById(db, eventId))?.listed || viewer.isAdmin) return false;
  return !(viewer.profileId && (await staffRoleOf(db, eventId, viewer.profileId)));
}
