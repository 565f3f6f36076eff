/**
 * A person's own edits of their profile. Every update is scoped to the profile's owner in its
 * where clause; the rules (how many skills and experiences, no duplicate skill) are checked here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { displayName } from '../../../shared/avatar';
import { SKILL_NAME_MAX } from '../../../shared/constants';
import type { ProfileBasicSchema, ProfileContactSchema, SkillInput } from '../../../shared/schemas';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { profileSkills, profiles, skills } from '../../db/schema';
import { avatarStore, type StoredAvatar } from './avatar-store';
import { lockProfile } from './profiles.repo';

export const MAX_EXPERIENCES = 50;
export const MAX_SKILLS_PER_PROFILE = 100;

const owned = (id: string, userId: string) => and(eq(profiles.id, id), eq(profiles.userId, userId));

async function updateOwned(db: Db, id: string, userId: string, values: Partial<typeof profiles.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(owned(id, userId))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

export function updateBasicInfo(db: Db, id: string, userId: string, input: z.infer<typeof ProfileBasicSchema>) {
  return updateOwned(db, id, userId, { ...input, name: displayName(input) });
}

export function updateContactInfo(db: Db, id: string, userId: string, input: z.infer<typeof ProfileContactSchema>) {
  return updateOwned(db, id, userId, input);
}

export function updateSettings(db: Db, id: string, userId: string, lookingForTeam: boolean) {
  return updateOwned(db, id, userId, { lookingForTeam });
}

/**
 * Adds skills in one transaction, creating skills on demand (one per name, case-insensitively).
 * A name already in the profile, or twice in the batch, adds nothing at all.
 */
export async function addSkills(db: Db, profileId: string, input: SkillInput[]): Promise<Outcome> {
  const lowered = input.map((s) => s.name.toLowerCase());
  if (new Set(lowered).size !== lowered.length) return refused('skill_duplicate');
  return inTransaction(db, async (tx) => {
    // Serialises concurrent adds to the same profile, so the checks below stay true.
    await lockProfile(tx, profileId);
    // Names are compared by the database's lower(), the same one its unique index uses.
    const names = sql.join(
      input.map((s) => sql`lower(${s.name})`),
      sql`, `,
    );
    const [{ count: clashes, total }] = await tx
      .select({
        count: sql<number>`count(*) filter (where lower(${skills.name}) in (${names}))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(profileSkills)
      .innerJoin(skills, eq(skills.id, profileSkills.skillId))
      .where(eq(profileSkills.profileId, profileId));
    if (clashes > 0) return refused('skill_duplicate');
    if (total + input.length > MAX_SKILLS_PER_PROFILE) return refused('too_many_skills', { max: MAX_SKILLS_PER_PROFILE });

    await tx
      .insert(skills)
      .values(input.map((s) => ({ name: s.name })))
      .onConflictDoNothing();
    const rows: (typeof profileSkills.$inferInsert)[] = [];
    for (const s of input) {
      const [skill] = await tx
        .select({ id: skills.id })
        .from(skills)
        .where(sql`lower(${skills.name}) = lower(${s.name})`);
      rows.push({ profileId, skillId: skill.id, level: s.level });
    }
    // Two names the database lowers alike (but JavaScript did not) count as one skill: nothing of the batch is kept.
    if (new Set(rows.map((r) => r.skillId)).size !== rows.length) throw new Rollback(refused('skill_duplicate'));
    await tx.insert(profileSkills).values(rows);
    await tx
      .update(profiles)
      .set({ updatedAt: sql`now()` })
      .where(eq(profiles.id, profileId));
    return done();
  });
}

/** Removes a skill from the profile by name (case-insensitive). */
export function removeSkill(db: Db, profileId: string, name: string): Promise<Outcome> {
  // A name no skill can have (blank, too long) needs no query.
  if (!name.trim() || name.length > SKILL_NAME_MAX) return Promise.resolve(refused('skill_not_found'));
  return db.transaction(async (tx) => {
    // The profile first, as addSkills does: the skill triggers lock it too, and one order avoids deadlocks.
    await lockProfile(tx, profileId);
    const rows = await tx
      .delete(profileSkills)
      .where(
        and(
          eq(profileSkills.profileId, profileId),
          sql`${profileSkills.skillId} in (select s.id from ${skills} s where lower(s.name) = lower(${name.trim()}))`,
        ),
      )
      .returning({ skillId: profileSkills.skillId });
    return rows.length > 0 ? done() : refused('skill_not_found');
  });
}

/** Appends an experience, unless the profile already has the maximum. */
export async function addExperience(db: Db, profileId: string, text: string): Promise<Outcome> {
  const rows = await db
    .update(profiles)
    .set({ experiences: sql`array_append(${profiles.experiences}, ${text}::text)`, updatedAt: sql`now()` })
    .where(and(eq(profiles.id, profileId), sql`cardinality(${profiles.experiences}) < ${MAX_EXPERIENCES}`))
    .returning({ id: profiles.id });
  return rows.length > 0 ? done() : refused('too_many_experiences', { max: MAX_EXPERIENCES });
}

/**
 * Removes the experience at a 0-based index, given as the path's text. With `expected`, only if that
 * entry still reads so: a removal aimed at an entry that another edit has moved (or removed) removes
 * nothing.
 */
export async function removeExperience(db: Db, profileId: string, rawIndex: string, expected?: string): Promise<Outcome> {
  // Digits only (' 1', '0x10' and '1e3' are numbers to JavaScript), bounded before the query:
  // a huge number does not fit the database's integers.
  const index = /^\d{1,9}$/.test(rawIndex) ? Number(rawIndex) : -1;
  if (index < 0 || index >= MAX_EXPERIENCES) return refused('experience_not_found');
  const position = index + 1;
  const conditions = [eq(profiles.id, profileId), sql`cardinality(${profiles.experiences}) >= ${position}`];
  if (expected !== undefined) conditions.push(sql`${profiles.experiences}[${position}::int] = ${expected}`);
  const rows = await db
    .update(profiles)
    .set({
      experiences: sql`array(select e from unnest(${profiles.experiences}) with ordinality as t(e, i) where i <> ${position} order by i)`,
      updatedAt: sql`now()`,
    })
    .where(and(...conditions))
    .returning({ id: profiles.id });
  if (rows.length) return done();
  return refused(expected === undefined ? 'experience_not_found' : 'experience_changed');
}

/**
 * Stores the avatar, then points avatar_url at a new versioned URL: browsers may cache each
 * version forever, and a new upload gets a new URL.
 */
export async function saveAvatar(db: Db, profileId: string, avatar: StoredAvatar): Promise<string> {
  await avatarStore(db).put(profileId, avatar);
  const url = `/api/profiles/${profileId}/avatar?v=${Date.now()}`;
  await db
    .update(profiles)
    .set({ avatarUrl: url, updatedAt: sql`now()` })
    .where(eq(profiles.id, profileId));
  return url;
}
