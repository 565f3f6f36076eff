import type { EventRole } from '../../../shared/constants';

/** The staff roles as people read them, and what each may do (docs/product.md#event-staff). */
export const ROLE_NAMES: Record<EventRole, string> = { owner: 'Owner', organizer: 'Organizer', moderator: 'Moderator' };

export const ROLE_RULES: { role: EventRole; can: string }[] = [
  { role: 'owner', can: 'edit and publish the event, move people between its teams, and add, change and remove its staff' },
  { role: 'organizer', can: 'edit and publish the event and move people between its teams' },
  { role: 'moderator', can: "handle the event's reports (hide, warn, ban) and see the desk's numbers and the staff" },
];
