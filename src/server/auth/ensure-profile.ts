import { eq } from 'drizzle-orm';
import { displayName } from '../../shared/avatar';
import { DEFAULT_AVAILABILITY } from '../../shared/constants';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';

/**
 * Creates the user's profile if none exists (SPEC 7): names from sign-up, falling back to the
 * provider's name and then to 'GitHub' / 'User'; availability Flexible; looking for a team.
 */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
  if (existing) return;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);
  const firstName = user.firstName?.trim() || first || 'GitHub';
  const lastName = user.lastName?.trim() || rest.join(' ') || 'User';
  await db
    .insert(profiles)
    .values({
      userId,
      firstName,
      lastName,
      name: displayName({ firstName, lastName }),
      avatarUrl: user.image,
      availability: DEFAULT_AVAILABILITY,
      lookingForTeam: true,
    })
    .onConflictDoNothing({ target: profiles.userId });
}
