/**
 * The signed-in person's own views: their profile with their teams, its edits (each answers with
 * the updated own profile, so the page shows it at once), and what waits for them (invitations,
 * their join requests, the inbox with Accept / Decline in place). These join profiles, teams and
 * notifications, so they live here, above all three, and the features stay one-way.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { isUuid } from '../../../shared/api/contract';
import { eventsApi } from '../../../shared/api/events';
import { notificationsApi } from '../../../shared/api/notifications';
import { profilesApi } from '../../../shared/api/profiles';
import { AVATAR_MAX_BYTES } from '../../../shared/constants';
import { ApiError, errorBody, notFound, requireViewer, withProfile, type AppEnv } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import type { Db } from '../../db/client';
import { orRefuse, refusalError, refused } from '../../api/outcome';
import { eventIdBySlug, inEvent, takesPart } from '../events';
import { inboxPage, unreadCount } from '../notifications';
import { getOwnProfile, getProfileOwner, profileEdits, toAvatarWebp } from '../profiles';
import {
  leaveEvent,
  membershipsOf,
  pendingCountFor,
  pendingInvitationIds,
  pendingInvitationsFor,
  pendingRequestIds,
  requestsOf,
} from '../teams';

/** Newest first; older answered requests beyond this are not worth a notification. */
const NOTIFICATIONS_LIMIT = 50;
const TOO_LARGE = 'The image must not exceed 5 MB';

type OwnerEnv = AppEnv & { Variables: { owner: { id: string; userId: string } } };

/** The profile in the path must be the viewer's own: 404 for an unknown profile, 403 for someone else's. */
const ownerOnly = createMiddleware<OwnerEnv>(async (c, next) => {
  const viewer = await requireViewer(c);
  const id = c.req.param('id')?.toLowerCase() ?? '';
  if (!isUuid(id)) throw refusalError(refused('profile_not_found'));
  if (viewer.profileId !== id) {
    throw refusalError(refused((await getProfileOwner(c.var.db, id)) ? 'not_your_profile' : 'profile_not_found'));
  }
  c.set('owner', { id, userId: viewer.userId });
  await next();
});

/** The own profile with the person's teams. */
async function ownProfile(db: Db, id: string) {
  const [profile, teams] = await Promise.all([getOwnProfile(db, id), membershipsOf(db, id)]);
  if (!profile) throw notFound('Profile not found');
  return { ...profile, teams };
}

export const meRoutes = createRouter()
  // ---------- the own profile ----------
  .openapi(guarded(profilesApi.own), async (c) => {
    const viewer = await requireViewer(c);
    if (!viewer.profileId) throw notFound('Profile not found');
    return c.json(await ownProfile(c.var.db, viewer.profileId), 200);
  })
  .openapi(guarded(profilesApi.myTeams), async (c) => {
    const viewer = await requireViewer(c);
    const { event } = c.req.valid('query');
    // An unknown event: none of one's teams is there. One's own team is named whatever the event's state.
    // Left out or empty: every event, as the lists read it.
    const eventId = event ? await eventIdBySlug(c.var.db, event) : undefined;
    if (!viewer.profileId || eventId === null) return c.json([], 200);
    return c.json(await membershipsOf(c.var.db, viewer.profileId, eventId), 200);
  })
  .openapi(guarded(profilesApi.updateBasic, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await profileEdits.updateBasicInfo(c.var.db, id, userId, c.req.valid('json'));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.updateContact, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await profileEdits.updateContactInfo(c.var.db, id, userId, c.req.valid('json'));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.updateSettings, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await profileEdits.updateSettings(c.var.db, id, userId, c.req.valid('json').lookingForTeam);
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.addSkills, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    orRefuse(await profileEdits.addSkills(c.var.db, id, c.req.valid('json').skills));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.removeSkill, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    orRefuse(await profileEdits.removeSkill(c.var.db, id, c.req.valid('query').name ?? ''));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.addExperience, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    orRefuse(await profileEdits.addExperience(c.var.db, id, c.req.valid('json').experience));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(guarded(profilesApi.removeExperience, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    // The entry the user saw at that position: if another edit moved it, nothing is removed.
    orRefuse(await profileEdits.removeExperience(c.var.db, id, c.req.valid('param').index, c.req.valid('query').text));
    return c.json(await ownProfile(c.var.db, id), 200);
  })
  .openapi(
    guarded(
      profilesApi.uploadAvatar,
      ownerOnly,
      // Who may upload is settled before the body is read. A little over 5 MB: room for the
      // multipart envelope around a 5 MB file.
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES + 64 * 1024,
        onError: (c) => c.json(errorBody(413, TOO_LARGE), 413, { connection: 'close' }),
      }) as MiddlewareHandler<OwnerEnv>,
    ),
    async (c) => {
      const { id } = c.var.owner;
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, 'You must select an image to upload.');
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'You must select an image to upload.');
      if (file.size > AVATAR_MAX_BYTES) throw new ApiError(413, TOO_LARGE);
      const webp = await toAvatarWebp(Buffer.from(await file.arrayBuffer()));
      if (!webp) throw new ApiError(415, 'The file must be an image (for example PNG, JPEG, WebP or GIF)');
      await profileEdits.saveAvatar(c.var.db, id, { contentType: 'image/webp', data: webp });
      return c.json(await ownProfile(c.var.db, id), 200);
    },
  )

  // ---------- taking part ----------
  .openapi(guarded(eventsApi.leave, withProfile, inEvent(undefined, { orTakingPart: true })), async (c) => {
    if (!(await takesPart(c.var.db, c.var.event.id, c.var.profileId))) throw notFound('You do not take part in this event');
    orRefuse(await leaveEvent(c.var.db, c.var.event, c.var.profileId));
    return c.body(null, 204);
  })

  // ---------- what waits for the person ----------
  .openapi(guarded(notificationsApi.list, withProfile), async (c) => {
    const { profileId } = c.var;
    const [invitations, requests, pendingCount] = await Promise.all([
      pendingInvitationsFor(c.var.db, profileId, NOTIFICATIONS_LIMIT),
      requestsOf(c.var.db, profileId, NOTIFICATIONS_LIMIT),
      pendingCountFor(c.var.db, profileId),
    ]);
    return c.json({ invitations, requests, pendingCount }, 200);
  })
  .openapi(guarded(notificationsApi.inbox, withProfile), async (c) => {
    const { profileId } = c.var;
    const { before, limit } = c.req.valid('query');
    const [page, unread] = await Promise.all([inboxPage(c.var.db, profileId, { before, limit }), unreadCount(c.var.db, profileId)]);
    // Accept / Decline work in place while the request or invitation still waits for an answer.
    const ids = (kind: string, key: 'requestId' | 'invitationId') =>
      page.items.filter((n) => n.kind === kind && n.data[key]).map((n) => n.data[key] as string);
    const [requests, invitations] = await Promise.all([
      pendingRequestIds(c.var.db, ids('join_request', 'requestId'), profileId),
      pendingInvitationIds(c.var.db, ids('invitation', 'invitationId'), profileId),
    ]);
    const pendingOf = (n: (typeof page.items)[number]) => {
      if (n.kind === 'join_request') return requests.has(n.data.requestId ?? '');
      if (n.kind === 'invitation') return invitations.has(n.data.invitationId ?? '');
      return null;
    };
    const items = page.items.map((n) => ({ ...n, pending: pendingOf(n) }));
    return c.json({ items, unreadCount: unread, nextBefore: page.more ? items[items.length - 1].seq : null }, 200);
  });
