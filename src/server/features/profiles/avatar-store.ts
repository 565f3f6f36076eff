/**
 * Where uploaded avatars live. The database is the default so every app instance can serve
 * every avatar with no shared disk; another store (object storage) only has to implement this.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileAvatars } from '../../db/schema';

export interface StoredAvatar {
  contentType: string;
  data: Buffer;
}

export interface AvatarStore {
  get(profileId: string): Promise<StoredAvatar | null>;
  put(profileId: string, avatar: StoredAvatar): Promise<void>;
}

export function databaseAvatarStore(db: Db): AvatarStore {
  return {
    async get(profileId) {
      const [row] = await db
        .select({ contentType: profileAvatars.contentType, data: profileAvatars.data })
        .from(profileAvatars)
        .where(eq(profileAvatars.profileId, profileId));
      return row ?? null;
    },
    async put(profileId, avatar) {
      await db
        .insert(profileAvatars)
        .values({ profileId, ...avatar })
        .onConflictDoUpdate({
          target: profileAvatars.profileId,
          set: { contentType: avatar.contentType, data: avatar.data, updatedAt: sql`now()` },
        });
    },
  };
}

/** The one place that decides where avatars are kept. */
export const avatarStore = (db: Db): AvatarStore => databaseAvatarStore(db);
