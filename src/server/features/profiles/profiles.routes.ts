/**
 * The public profiles routes of the contract (src/shared/api/profiles.ts): browse, the skill
 * names, a profile's page, avatars. The signed-in person's own profile and its edits are the `me`
 * feature's.
 */
import { profilesApi } from '../../../shared/api/profiles';
import { getViewer, notFound } from '../../api/http';
import { createRouter } from '../../api/openapi';
import { avatarStore } from './avatar-store';
import { listProfiles } from './list.repo';
import * as repo from './profiles.repo';

export const profilesRoutes = createRouter()
  .openapi(profilesApi.list, async (c) => c.json(await listProfiles(c.var.db, c.req.valid('query'), c.var.counts), 200))
  .openapi(profilesApi.skills, async (c) => c.json(await repo.listSkillNames(c.var.db), 200))
  .openapi(profilesApi.get, async (c) => {
    const viewer = await getViewer(c);
    const profile = await repo.getProfileDetail(c.var.db, c.req.valid('param').id, viewer?.profileId ?? null, viewer !== null);
    if (!profile) throw notFound('Profile not found');
    return c.json(profile, 200);
  })
  .openapi(profilesApi.avatar, async (c) => {
    const avatar = await avatarStore(c.var.db).get(c.req.valid('param').id);
    if (!avatar) throw notFound('Avatar not found');
    // The URL carries a version, so a given URL's image never changes.
    return c.body(new Uint8Array(avatar.data), 200, {
      'content-type': avatar.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
