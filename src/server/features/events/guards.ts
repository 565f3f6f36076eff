/**
 * The event in the path, as the viewer may see it: 404 'Event not found' for an unknown slug, and
 * for a draft or hidden event to anyone but its staff (and admins); then, per route, who may act.
 */
import { createMiddleware } from 'hono/factory';
import type { EventRole } from '../../../shared/constants';
import { getViewer, type AppContext, type AppEnv } from '../../api/http';
import { refusalError, refused } from '../../api/outcome';
import type { Db } from '../../db/client';
import type { Event } from '../../db/schema';
import { eventBySlug, visibleEvent, type EventViewer } from './events.repo';
import { takesPart } from './registration.repo';

const SLUG_CHARS = /^[A-Za-z0-9-]{1,100}$/;

export type EventEnv = AppEnv & { Variables: { event: Event; eventRole: EventRole | null; eventViewer: EventViewer } };

/**
 * Who is asking, as events see them: their profile, and whether ADMIN_EMAILS names them: by an
 * address they proved is theirs (anyone can sign up with an admin's address before its owner does),
 * and never through an API token.
 */
export async function eventViewerOf<E extends AppEnv>(c: AppContext<E>): Promise<EventViewer> {
  const viewer = await getViewer(c);
  const isAdmin = Boolean(viewer && !viewer.token && viewer.emailVerified && c.var.admins.has(viewer.email.toLowerCase()));
  return { profileId: viewer?.profileId ?? null, isAdmin };
}

/**
 * The event in the path (`:slug`), if the viewer may see it; `roles`: only its staff in these roles may
 * go on (403). `orTakingPart`: also an event the viewer takes part in that an admin hid since, so that
 * one can always leave it (its staff would otherwise keep their registration, and email, for good).
 */
export const inEvent = (roles?: readonly EventRole[], { orTakingPart = false } = {}) =>
  createMiddleware<EventEnv>(async (c, next) => {
    const viewer = await eventViewerOf(c);
    // Guards run before the path is validated: an address no event can have is not looked up.
    const slug = c.req.param('slug') ?? '';
    const found = SLUG_CHARS.test(slug)
      ? ((await visibleEvent(c.var.db, slug, viewer)) ?? (orTakingPart ? await takenPartIn(c.var.db, slug, viewer) : null))
      : null;
    if (!found) throw refusalError(refused('event_not_found'));
    if (roles && !(found.role && roles.includes(found.role))) {
      throw refusalError(refused(roles.length === 1 && roles[0] === 'owner' ? 'not_event_owner' : 'not_event_staff'));
    }
    c.set('event', found.event);
    c.set('eventRole', found.role);
    c.set('eventViewer', viewer);
    await next();
  });

/** The event if the viewer takes part in it, seen or not (then as one not on its staff). */
async function takenPartIn(db: Db, slug: string, viewer: EventViewer): Promise<{ event: Event; role: null } | null> {
  if (!viewer.profileId) return null;
  const event = await eventBySlug(db, slug);
  return event && (await takesPart(db, event.id, viewer.profileId)) ? { event, role: null } : null;
}

/** Owners and organizers: those who run the event. */
export const ORGANIZERS = ['owner', 'organizer'] as const satisfies readonly EventRole[];
/** Everyone on the staff. */
export const STAFF = ['owner', 'organizer', 'moderator'] as const satisfies readonly EventRole[];
