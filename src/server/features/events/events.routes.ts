/**
 * The events routes of the contract (src/shared/api/events.ts): browse, an event's page, create and
 * edit, the featured event, staff, and taking part. Leaving an event leaves its teams, so that route
 * is the `me` feature's; organizers moving people between teams is the teams feature's.
 */
import { eventsApi } from '../../../shared/api/events';
import { withProfile } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { orRefuse, refusalError, refused } from '../../api/outcome';
import * as repo from './events.repo';
import { eventViewerOf, inEvent, STAFF } from './guards';
import { register } from './registration.repo';
import * as staff from './staff.repo';

const owners = inEvent(['owner']);

export const eventsRoutes = createRouter()
  .openapi(eventsApi.list, async (c) => {
    const viewer = await eventViewerOf(c);
    return c.json(await repo.listEvents(c.var.db, c.req.valid('query'), viewer.profileId), 200);
  })
  .openapi(eventsApi.featured, async (c) => {
    const viewer = await eventViewerOf(c);
    const event = await repo.featuredEvent(c.var.db);
    const found = event && (await repo.visibleEvent(c.var.db, event.slug, viewer));
    if (!found) throw refusalError(refused('event_not_found'));
    return c.json(await repo.eventDetail(c.var.db, found.event, found.role, viewer), 200);
  })
  .openapi(guarded(eventsApi.setFeatured, withProfile), async (c) => {
    if (!(await eventViewerOf(c)).isAdmin) throw refusalError(refused('not_admin'));
    const { slug } = c.req.valid('json');
    orRefuse(await repo.setFeatured(c.var.db, slug));
    return c.json({ slug }, 200);
  })
  .openapi(guarded(eventsApi.create, withProfile), async (c) => {
    const { slug } = orRefuse(await repo.createEvent(c.var.db, c.var.profileId, c.req.valid('json')));
    return c.json({ slug }, 201);
  })
  // Those taking part in an event an admin hid still see it, to leave it.
  .openapi(guarded(eventsApi.get, inEvent(undefined, { orTakingPart: true })), async (c) =>
    c.json(await repo.eventDetail(c.var.db, c.var.event, c.var.eventRole, c.var.eventViewer), 200),
  )
  .openapi(guarded(eventsApi.update, inEvent()), async (c) => {
    const { event, eventRole, eventViewer } = c.var;
    const saved = orRefuse(await repo.updateEvent(c.var.db, event, eventRole, eventViewer.isAdmin, c.req.valid('json')));
    return c.json(await repo.eventDetail(c.var.db, saved.event, eventRole, eventViewer), 200);
  })

  // ---------- staff ----------
  // Staff routes admit staff only, each signed in: the viewer's own email shows in the list.
  .openapi(guarded(eventsApi.staff, inEvent(STAFF)), async (c) =>
    // Moderators see no one's email but their own: registrants' emails are for those who run the event.
    c.json(await staff.staffOf(c.var.db, c.var.event.id, c.var.eventViewer.profileId ?? '', c.var.eventRole !== 'moderator'), 200),
  )
  .openapi(guarded(eventsApi.addStaff, owners), async (c) => {
    const { member } = orRefuse(await staff.addStaff(c.var.db, c.var.event.id, c.req.valid('json'), c.var.eventViewer.profileId ?? ''));
    return c.json(member, 201);
  })
  .openapi(guarded(eventsApi.setStaffRole, owners), async (c) => {
    const { profileId } = c.req.valid('param');
    const { member } = orRefuse(
      await staff.setStaffRole(c.var.db, c.var.event.id, profileId, c.req.valid('json').role, c.var.eventViewer.profileId ?? ''),
    );
    return c.json(member, 200);
  })
  .openapi(guarded(eventsApi.removeStaff, inEvent(STAFF)), async (c) => {
    const { profileId } = c.req.valid('param');
    // Owners take anyone off; anyone may leave the staff themselves.
    if (c.var.eventRole !== 'owner' && profileId !== c.var.eventViewer.profileId) throw refusalError(refused('not_event_owner'));
    orRefuse(await staff.removeStaff(c.var.db, c.var.event.id, profileId));
    return c.body(null, 204);
  })

  // ---------- taking part ----------
  .openapi(guarded(eventsApi.register, withProfile, inEvent()), async (c) => {
    const { registration } = orRefuse(await register(c.var.db, c.var.event, c.var.profileId, c.req.valid('json')));
    return c.json(registration, 200);
  });
