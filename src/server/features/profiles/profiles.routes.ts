/**
 * /api/profiles (browse, public page, owner writes, avatars), /api/profile (own profile) and
 * /api/skills (filter chips).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AVATAR_MAX_BYTES, SKILL_NAME_MAX } from '../../../shared/constants';
import {
  AddSkillsSchema, ExperienceSchema, ProfileBasicSchema, ProfileContactSchema, ProfileListQuerySchema, SettingsSchema,
} from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { ApiError, type AppContext, type AppEnv, getViewer, idParam, notFound, NUL_MESSAGE, parse, readJson, requireViewer } from '../../http';
import { toAvatarWebp } from './avatar-image';
import { databaseAvatarStore, type AvatarStore } from './avatar-store';
import * as repo from './profiles.repo';

const PROFILE_NOT_FOUND = 'Profile not found';
const TOO_LARGE = 'The image must not exceed 5 MB';

/** The one place that decides where avatars are kept. */
const avatarStore = (db: Db): AvatarStore => databaseAvatarStore(db);

/** 401 when signed out, 404 for an unknown profile, 403 for someone else's. */
async function requireOwner(c: AppContext): Promise<{ id: string; userId: string }> {
  const viewer = await requireViewer(c);
  const id = idParam(c, 'id', PROFILE_NOT_FOUND);
  if (viewer.profileId === id) return { id, userId: viewer.userId };
  const owner = await repo.getProfileOwner(c.var.db, id);
  if (!owner) throw notFound(PROFILE_NOT_FOUND);
  throw new ApiError(403, 'You can only change your own profile');
}

/** Every owner write answers with the updated own profile, so the page can show it at once. */
async function ownProfile(c: AppContext, id: string) {
  const profile = await repo.getOwnProfile(c.var.db, id);
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  return c.json(profile);
}

export const profilesRoutes = new Hono<AppEnv>()
  .get('/profiles', async (c) => {
    const query = parse(ProfileListQuerySchema, c.req.query());
    return c.json(await repo.listProfiles(c.var.db, query, c.var.counts));
  })
  .get('/skills', async (c) => c.json(await repo.listSkillNames(c.var.db)))
  .get('/profile', async (c) => {
    const viewer = await requireViewer(c);
    if (!viewer.profileId) throw notFound(PROFILE_NOT_FOUND);
    return ownProfile(c, viewer.profileId);
  })
  .get('/profiles/:id', async (c) => {
    const id = idParam(c, 'id', PROFILE_NOT_FOUND);
    const viewer = await getViewer(c);
    const profile = await repo.getProfileDetail(c.var.db, id, viewer !== null);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return c.json(profile);
  })
  .put('/profiles/:id/basic', async (c) => {
    const { id, userId } = await requireOwner(c);
    const input = parse(ProfileBasicSchema, await readJson(c));
    await repo.updateBasicInfo(c.var.db, id, userId, input);
    return ownProfile(c, id);
  })
  .put('/profiles/:id/contact', async (c) => {
    const { id, userId } = await requireOwner(c);
    const input = parse(ProfileContactSchema, await readJson(c));
    await repo.updateContactInfo(c.var.db, id, userId, input);
    return ownProfile(c, id);
  })
  .put('/profiles/:id/settings', async (c) => {
    const { id, userId } = await requireOwner(c);
    const input = parse(SettingsSchema, await readJson(c));
    await repo.updateSettings(c.var.db, id, userId, input.lookingForTeam);
    return ownProfile(c, id);
  })
  .post('/profiles/:id/skills', async (c) => {
    const { id } = await requireOwner(c);
    const input = parse(AddSkillsSchema, await readJson(c));
    const result = await repo.addSkills(c.var.db, id, input.skills);
    if (result === 'duplicate') throw new ApiError(409, 'This skill is already in your profile');
    if (result === 'too-many') throw new ApiError(400, `A profile can list at most ${repo.MAX_SKILLS_PER_PROFILE} skills`);
    return ownProfile(c, id);
  })
  .delete('/profiles/:id/skills', async (c) => {
    const { id } = await requireOwner(c);
    const name = c.req.query('name') ?? '';
    // A name no skill can have (too long, or with NUL, which text cannot hold) needs no query.
    if (name.length > SKILL_NAME_MAX || name.includes('\u0000') || !(await repo.removeSkill(c.var.db, id, name))) {
      throw notFound('This skill is not in your profile');
    }
    return ownProfile(c, id);
  })
  .post('/profiles/:id/experiences', async (c) => {
    const { id } = await requireOwner(c);
    const input = parse(ExperienceSchema, await readJson(c));
    if (!(await repo.addExperience(c.var.db, id, input.experience))) {
      throw new ApiError(400, `A profile can list at most ${repo.MAX_EXPERIENCES} experiences`);
    }
    return ownProfile(c, id);
  })
  .delete('/profiles/:id/experiences/:index', async (c) => {
    const { id } = await requireOwner(c);
    // Digits only (' 1', '0x10' and '1e3' are numbers to JavaScript), bounded before the query:
    // a huge number does not fit the database's integers.
    const raw = c.req.param('index');
    const index = /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
    // The entry the user saw at that position: if another edit moved it, nothing is removed.
    const expected = c.req.query('text');
    if (expected?.includes('\u0000')) throw new ApiError(400, NUL_MESSAGE);
    const removed = index >= 0 && index < repo.MAX_EXPERIENCES ? await repo.removeExperience(c.var.db, id, index, expected) : 'missing';
    if (removed === 'missing') throw notFound('Experience not found');
    if (removed === 'changed') throw new ApiError(409, 'This experience was changed elsewhere, so nothing was removed. Check the list and try again.');
    return ownProfile(c, id);
  })
  .post(
    '/profiles/:id/avatar',
    async (c, next) => {
      // Who may upload is settled before the body is read.
      await requireOwner(c);
      await next();
    },
    // A little over 5 MB: room for the multipart envelope around a 5 MB file.
    bodyLimit({ maxSize: AVATAR_MAX_BYTES + 64 * 1024, onError: (c) => c.json({ error: TOO_LARGE }, 413) }),
    async (c) => {
      const { id } = await requireOwner(c);
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, 'You must select an image to upload.');
      });
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'You must select an image to upload.');
      if (file.size > AVATAR_MAX_BYTES) throw new ApiError(413, TOO_LARGE);
      const webp = await toAvatarWebp(Buffer.from(await file.arrayBuffer()));
      if (!webp) throw new ApiError(415, 'The file must be an image (for example PNG, JPEG, WebP or GIF)');
      await repo.saveAvatar(c.var.db, avatarStore(c.var.db), id, { contentType: 'image/webp', data: webp });
      return ownProfile(c, id);
    },
  )
  .get('/profiles/:id/avatar', async (c) => {
    const id = idParam(c, 'id', 'Avatar not found');
    const avatar = await avatarStore(c.var.db).get(id);
    if (!avatar) throw notFound('Avatar not found');
    // The URL carries a version, so a given URL's image never changes.
    return c.body(new Uint8Array(avatar.data), 200, {
      'content-type': avatar.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
