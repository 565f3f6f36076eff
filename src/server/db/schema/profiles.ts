/** People: profiles, their avatars and skills. */
import { sql } from 'drizzle-orm';
import type { SkillBadge } from '../../../shared/api/profiles';
import { AVAILABILITIES, DEFAULT_AVAILABILITY, DEFAULT_SKILL_LEVEL, SKILL_LEVELS, TIMEZONES } from '../../../shared/constants';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, changedAt, createdAt, oneOf, updatedAt } from './columns';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preferredName: text('preferred_name'),
    name: text('name').notNull(),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    githubUrl: text('github_url'),
    linkedinUrl: text('linkedin_url'),
    portfolioUrl: text('portfolio_url'),
    discordUsername: text('discord_username'),
    twitterUsername: text('twitter_username'),
    timezone: text('timezone', { enum: TIMEZONES }),
    availability: text('availability', { enum: AVAILABILITIES }).notNull().default(DEFAULT_AVAILABILITY),
    lookingForTeam: boolean('looking_for_team').notNull().default(true),
    experiences: text('experiences')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The profile's skill names, lower-cased, each between newlines ('\npython\nreact\n'). Kept by a
     * trigger on profile_skills, so search and the skills filter read one row instead of joining.
     */
    skillNames: text('skill_names').notNull().default(''),
    /** The same names as an array: 'has all these skills' is a GIN containment lookup. */
    skillList: text('skill_list')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The skills as shown on cards, [{ name, level }] in the order they were added, kept by the same
     * trigger: a list page reads its 24 rows and nothing else.
     */
    skillBadges: jsonb('skill_badges')
      .$type<SkillBadge[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The events the person takes part in, and those they look for a team in (their registration's
     * flag, or their profile's when it has none), kept by triggers on registrations and on
     * looking_for_team (migration 0016): lists filtered by event test the row itself, never a join per row.
     */
    eventIds: uuid('event_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    lookingEventIds: uuid('looking_event_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Since when the person looks for a team in each of those events (event id -> instant), kept by the same triggers (migration 0024). */
    lookingSince: jsonb('looking_since')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Whether a moderator or a platform ban hid the bio (any active mark in hidden_content), kept by the
     * trigger on hidden_content (migration 0029): search leaves a hidden bio's words out.
     */
    bioHidden: boolean('bio_hidden').notNull().default(false),
    /** Lower-cased names and bio (unless hidden), kept by the database, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(preferred_name, '') || ' ' || case when bio_hidden then '' else coalesce(bio, '') end)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changedAt: changedAt(),
  },
  (t) => [
    check('profiles_availability_check', oneOf(t.availability, AVAILABILITIES)),
    // NULLS FIRST is what plain `order by created_at desc, id desc` means; an index declared
    // DESC NULLS LAST (Drizzle's default for desc()) cannot serve that order by.
    index('profiles_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sync (updatedSince): changed at or after an instant, oldest change first.
    index('profiles_changed_at_idx').on(t.changedAt, t.id),
    index('profiles_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('profiles_skill_names_trgm_idx').using('gin', sql`${t.skillNames} gin_trgm_ops`),
    // btree_gin lets one GIN index narrow by skills, availability and looking-for-team together.
    index('profiles_skill_list_idx').using('gin', t.skillList, t.availability, t.lookingForTeam),
    // The same for people looking for a team only: 'looking' matches 60% of the rows, too many for
    // the planner to use that column of the index above, so the common filter got no narrower.
    index('profiles_skill_list_looking_idx')
      .using('gin', t.skillList, t.availability)
      .where(sql`${t.lookingForTeam}`),
    // Each skill paired with the availability ('python|Full Time'): the combined filter (skills,
    // availability, looking) is one lookup of two short lists instead of three long ones (migration 0011).
    index('profiles_skill_availability_looking_idx')
      .using('gin', sql`profile_filter_tokens(${t.skillList}, ${t.availability})`)
      .where(sql`${t.lookingForTeam}`),
    // A small event's people are a GIN lookup; the same pairs for the combined filter in an event,
    // where looking means looking there (looking_event_ids), not the profile's flag: over the people
    // looking in some event, which the list's statement says too so the planner can use it.
    index('profiles_event_ids_idx').using('gin', t.eventIds),
    index('profiles_skill_availability_somewhere_idx')
      .using('gin', sql`profile_filter_tokens(${t.skillList}, ${t.availability})`)
      .where(sql`${t.lookingEventIds} <> '{}'::uuid[]`),
  ],
);

export const profileAvatars = pgTable('profile_avatars', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: updatedAt(),
});

export const skills = pgTable(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('skills_name_lower_idx').on(sql`lower(${t.name})`),
    index('skills_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const profileSkills = pgTable(
  'profile_skills',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    level: text('level', { enum: SKILL_LEVELS }).notNull().default(DEFAULT_SKILL_LEVEL),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.skillId] }),
    index('profile_skills_skill_id_idx').on(t.skillId, t.profileId),
    check('profile_skills_level_check', oneOf(t.level, SKILL_LEVELS)),
  ],
);
export type Profile = typeof profiles.$inferSelect;
