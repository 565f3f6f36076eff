/**
 * The whole data model (docs/product.md#data) plus the auth tables better-auth uses.
 * The database keeps the data sound on its own: foreign keys, CHECKs, and partial unique
 * indexes for "one pending request / invitation per team and person".
 */
import { relations, sql } from 'drizzle-orm';
import type { SkillBadge } from '../../shared/api/profiles';
import {
  AVAILABILITIES,
  DEFAULT_AVAILABILITY,
  DEFAULT_SKILL_LEVEL,
  DEFAULT_TEAM_SIZE,
  INVITATION_STATUSES,
  NOTIFICATION_KINDS,
  REQUEST_STATUSES,
  SKILL_LEVELS,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TIMEZONES,
} from '../../shared/constants';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** `column in ('a', 'b', ...)` over one of the shared constant lists, for a CHECK. */
const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------- auth (better-auth's user, session, account, verification models) ----------
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** The GitHub profile page of an account made by signing in with GitHub: the new profile's GitHub URL. */
  githubUrl: text('github_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// better-auth reads a session with its user (and a user with their accounts) in one statement
// through these relations (auth.ts: advanced.database.joins).
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

/** Instance-wide settings, e.g. the generated auth secret shared by every app instance. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Attempt counters of the sign-in limits (src/server/auth/attempt-limits.repo.ts): one row per key (a
 * client address or an account) and fixed window, shared by every instance and kept across restarts.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_reset_at_idx').on(t.resetAt)],
);

// ---------- product ----------
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
    /** Lower-cased names and bio, kept by the database, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || coalesce(preferred_name, '') || ' ' || coalesce(bio, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_availability_check', oneOf(t.availability, AVAILABILITIES)),
    // NULLS FIRST is what plain `order by created_at desc, id desc` means; an index declared
    // DESC NULLS LAST (Drizzle's default for desc()) cannot serve that order by.
    index('profiles_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
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

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    logoUrl: text('logo_url'),
    isOpen: boolean('is_open').notNull().default(true),
    openPositions: text('open_positions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The skills each open position needs (docs/decisions/011-matching.md): position title -> skill names. */
    positionSkills: jsonb('position_skills')
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Every skill some open position needs, lower-cased: 'teams that need you' finds teams by it. */
    neededSkills: text('needed_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The most members the team takes; a team with this many is full. */
    maxSize: integer('max_size').notNull().default(DEFAULT_TEAM_SIZE),
    /** Kept by a trigger on team_members, so lists read counts and fullness from the row. */
    memberCount: integer('member_count').notNull().default(0),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || coalesce(description, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('teams_max_size_check', sql`${t.maxSize} between ${sql.raw(String(TEAM_SIZE_MIN))} and ${sql.raw(String(TEAM_SIZE_MAX))}`),
    // The last guard against overfilling: every path that adds a member checks first and says why.
    check('teams_member_count_check', sql`${t.memberCount} between 0 and ${t.maxSize}`),
    index('teams_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('teams_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('teams_needed_skills_idx').using('gin', t.neededSkills),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    isLeader: boolean('is_leader').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.profileId] }), index('team_members_profile_id_idx').on(t.profileId)],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the team is deleted: the requester still sees the request, as cancelled. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The team's name when the request was made, for a request whose team is gone. */
    teamName: text('team_name').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    check('join_requests_status_check', oneOf(t.status, REQUEST_STATUSES)),
    check('join_requests_team_check', sql`${t.teamId} is not null or ${t.status} <> 'pending'`),
    uniqueIndex('join_requests_one_pending_idx')
      .on(t.teamId, t.profileId)
      .where(sql`${t.status} = 'pending'`),
    index('join_requests_team_status_idx').on(t.teamId, t.status, t.createdAt.desc().nullsFirst()),
    index('join_requests_profile_id_idx').on(t.profileId, t.createdAt.desc().nullsFirst()),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    check('team_invitations_status_check', oneOf(t.status, INVITATION_STATUSES)),
    uniqueIndex('team_invitations_one_pending_idx')
      .on(t.teamId, t.profileId)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_profile_status_idx').on(t.profileId, t.status, t.createdAt.desc().nullsFirst()),
    index('team_invitations_team_id_idx').on(t.teamId),
  ],
);

/**
 * What happened that a person should hear about, written in the same transaction as the change
 * it reports (a rolled back accept notifies nobody). `data` holds what the text needs (team
 * name, who did it), so a notification still reads right after the team is gone.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Increasing with every notification: the order of an inbox, and the id of a live event (resumed with Last-Event-ID). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    index('notifications_profile_seq_idx').on(t.profileId, t.seq),
    index('notifications_unread_idx')
      .on(t.profileId)
      .where(sql`${t.readAt} is null`),
  ],
);

export type Profile = typeof profiles.$inferSelect;
export type Team = typeof teams.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type JoinRequest = typeof joinRequests.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
