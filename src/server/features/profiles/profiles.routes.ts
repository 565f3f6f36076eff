/**
 * The profiles routes of the contract (src/shared/api/profiles.ts): browse, the public page,
 * the own profile and its owner-only edits, avatars.
 */
import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { isUuid } from '../../../shared/api/contract';
import { profilesApi } from '../../../shared/api/profiles';
import { AVATAR_MAX_BYTES, SKILL_NAME_MAX } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { ApiError, type AppContext, type AppEnv, getViewer, notFound, requireViewer } from '../../api/http';
import { createRouter, guarded } from '../../api/openapi';
import { toAvatarWebp } from './avatar-image';
import { databaseAvatarStore, type AvatarStore } from './avatar-store';
import { membershipsOf } from '../teams';
import * as repo from './profiles.repo';

const PROFILE_NOT_FOUND = 'Profile not found';
const TOO_LARGE = 'The image must not exceed 5 MB';

/** The one place that decides where avatars are kept. */
const avatarStore = (db: Db): AvatarStore => databaseAvatarStore(db);

type OwnerEnv = AppEnv & { Variables: { owner: { id: string; userId: string } } };

/** The profile in the path must be the viewer's own: 404 for an unknown profile, 403 for someone else's. */
const ownerOnly = createMiddleware<OwnerEnv>(async (c, next) => {
  const viewer = await requireViewer(c);
  const id = c.req.param('id')?.toLowerCase() ?? '';
  if (!isUuid(id)) throw notFound(PROFILE_NOT_FOUND);
  if (viewer.profileId !== id) {
    if (!(await repo.getProfileOwner(c.var.db, id))) throw notFound(PROFILE_NOT_FOUND);
    throw new ApiError(403, 'You can only change your own profile');
  }
  c.set('owner', { id, userId: viewer.userId });
  await next();
});

/** Every owner write answers with the updated own profile, so the page can show it at once. */
async function ownProfile(c: AppContext<OwnerEnv> | AppContext, id: string) {
  const [profile, teams] = await Promise.all([repo.getOwnProfile(c.var.db, id), membershipsOf(c.var.db, id)]);
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  return { ...profile, teams };
}

export const profilesRoutes = createRouter()
  .openapi(profilesApi.list, async (c) => c.json(await repo.listProfiles(c.var.db, c.req.valid('query'), c.var.counts), 200))
  .openapi(profilesApi.skills, async (c) => c.json(await repo.listSkillNames(c.var.db), 200))
  .openapi(guarded(profilesApi.own), async (c) => {
    const viewer = await requireViewer(c);
    if (!viewer.profileId) throw notFound(PROFILE_NOT_FOUND);
    return c.json(await ownProfile(c, viewer.profileId), 200);
  })
  .openapi(profilesApi.get, async (c) => {
    const viewer = await getViewer(c);
    const profile = await repo.getProfileDetail(c.var.db, c.req.valid('param').id, viewer !== null);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return c.json(profile, 200);
  })
  .openapi(guarded(profilesApi.updateBasic, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await repo.updateBasicInfo(c.var.db, id, userId, c.req.valid('json'));
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.updateContact, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await repo.updateContactInfo(c.var.db, id, userId, c.req.valid('json'));
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.updateSettings, ownerOnly), async (c) => {
    const { id, userId } = c.var.owner;
    await repo.updateSettings(c.var.db, id, userId, c.req.valid('json').lookingForTeam);
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.addSkills, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    const result = await repo.addSkills(c.var.db, id, c.req.valid('json').skills);
    if (result === 'duplicate') throw new ApiError(409, 'This skill is already in your profile');
    if (result === 'too-many') throw new ApiError(400, `A profile can list at most ${repo.MAX_SKILLS_PER_PROFILE} skills`);
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.removeSkill, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    const { name } = c.req.valid('query');
    // A name no skill can have (blank, too long) needs no query.
    if (!name || name.length > SKILL_NAME_MAX || !(await repo.removeSkill(c.var.db, id, name))) {
      throw notFound('This skill is not in your profile');
    }
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.addExperience, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    if (!(await repo.addExperience(c.var.db, id, c.req.valid('json').experience))) {
      throw new ApiError(400, `A profile can list at most ${repo.MAX_EXPERIENCES} experiences`);
    }
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(guarded(profilesApi.removeExperience, ownerOnly), async (c) => {
    const { id } = c.var.owner;
    // Digits only (' 1', '0x10' and '1e3' are numbers to JavaScript), bounded before the query:
    // a huge number does not fit the database's integers.
    const raw = c.req.valid('param').index;
    const index = /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
    // The entry the user saw at that position: if another edit moved it, nothing is removed.
    const expected = c.req.valid('query').text;
    const removed = index >= 0 && index < repo.MAX_EXPERIENCES ? await repo.removeExperience(c.var.db, id, index, expected) : 'missing';
    if (removed === 'missing') throw notFound('Experience not found');
    if (removed === 'changed')
      throw new ApiError(409, 'This experience was changed elsewhere, so nothing was removed. Check the list and try again.');
    return c.json(await ownProfile(c, id), 200);
  })
  .openapi(
    guarded(
      profilesApi.uploadAvatar,
      ownerOnly,
      // Who may upload is settled before the body is read. A little over 5 MB: room for the
      // multipart envelope around a 5 MB file.
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES + 64 * 1024,
        onError: (c) => c.json({ error: TOO_LARGE }, 413, { connection: 'close' }),
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
      await repo.saveAvatar(c.var.db, avatarStore(c.var.db), id, { contentType: 'image/webp', data: webp });
      return c.json(await ownProfile(c, id), 200);
    },
  )
  .openapi(profilesApi.avatar, async (c) => {
    const avatar = await avatarStore(c.var.db).get(c.req.valid('param').id);
    if (!avatar) throw notFound('Avatar not found');
    // The URL carries a version, so a given URL's image never changes.
    return c.body(new Uint8Array(avatar.data), 200, {
      'content-type': avatar.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
