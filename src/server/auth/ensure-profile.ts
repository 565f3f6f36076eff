import type { Db } from '../db/client';
import { createProfile, profileIdOfUser } from '../features/profiles';
import { findUser } from './auth.repo';

/**
 * Creates the user's profile if none exists (docs/product.md#accounts-and-sessions): names from
 * sign-up or the provider (social.ts), falling back to the provider's name and then to 'GitHub' /
 * 'User'; a GitHub sign-in also brings the avatar and the GitHub URL.
 */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  if (await profileIdOfUser(db, userId)) return;
  const user = await findUser(db, userId);
  if (!user) return;
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);
  await createProfile(db, {
    userId,
    firstName: user.firstName?.trim() || first || 'GitHub',
    lastName: user.lastName?.trim() || rest.join(' ') || 'User',
    avatarUrl: user.image,
    githubUrl: user.githubUrl,
  });
}
