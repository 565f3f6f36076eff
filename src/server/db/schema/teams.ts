/** Teams, their members, join requests and invitations. */
import { sql } from 'drizzle-orm';
import { DEFAULT_TEAM_SIZE, INVITATION_STATUSES, REQUEST_STATUSES, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../shared/constants';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { changedAt, createdAt, oneOf, updatedAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The event the team takes part in. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
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
    /** Whether a moderator or a platform ban hid the description, kept by the trigger on hidden_content (migration 0029). */
    descriptionHidden: boolean('description_hidden').notNull().default(false),
    /** Lower-cased name and description (unless hidden), kept by the database, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || case when description_hidden then '' else coalesce(description, '') end)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changedAt: changedAt(),
    /** When its leaders were last reminded that its positions have been open long (docs/product.md#freshness). */
    positionsRemindedAt: timestamp('positions_reminded_at', { withTimezone: true }),
  },
  (t) => [
    check('teams_max_size_check', sql`${t.maxSize} between ${sql.raw(String(TEAM_SIZE_MIN))} and ${sql.raw(String(TEAM_SIZE_MAX))}`),
    // The last guard against overfilling: every path that adds a member checks first and says why.
    check('teams_member_count_check', sql`${t.memberCount} between 0 and ${t.maxSize}`),
    index('teams_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('teams_event_created_at_idx').on(t.eventId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('teams_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('teams_needed_skills_idx').using('gin', t.neededSkills),
    // Sync (updatedSince): changed at or after an instant, oldest change first.
    index('teams_changed_at_idx').on(t.changedAt, t.id),
    index('teams_event_changed_at_idx').on(t.eventId, t.changedAt, t.id),
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

export type Team = typeof teams.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type JoinRequest = typeof joinRequests.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
