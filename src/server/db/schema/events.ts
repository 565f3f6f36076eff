/** Events: the hackathons the product serves, who works on each, and who takes part (docs/product.md#events). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EVENT_ROLES, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from '../../../shared/constants';
import { changedAt, createdAt, oneOf, updatedAt } from './columns';
import { profiles } from './profiles';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export interface StoredScheduleItem {
  title: string;
  detail: string | null;
  at: string;
}

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its address, /hackathons/{slug}: lower-case letters, digits and dashes. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    tagline: text('tagline'),
    description: text('description'),
    location: text('location').notNull().default('Online'),
    /** The event's own time zone (IANA): its dates are shown in it. */
    timezone: text('timezone').notNull().default('UTC'),
    registrationOpensAt: instant('registration_opens_at'),
    registrationClosesAt: instant('registration_closes_at'),
    /** After it, who is in which team is locked; only organizers move people. */
    formationDeadline: instant('formation_deadline'),
    buildStartsAt: instant('build_starts_at').notNull(),
    submissionDeadline: instant('submission_deadline').notNull(),
    awardsAt: instant('awards_at'),
    teamSizeMin: integer('team_size_min').notNull().default(TEAM_SIZE_MIN),
    teamSizeMax: integer('team_size_max').notNull().default(4),
    /** Days a 'looking for a team' here lasts without the person saying so again (docs/product.md#freshness). */
    lookingLapseDays: integer('looking_lapse_days').notNull().default(14),
    /** How many teams one person may be in here; null: no limit. */
    teamsPerPerson: integer('teams_per_person').default(1),
    prizePool: text('prize_pool'),
    schedule: jsonb('schedule')
      .$type<StoredScheduleItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    siteUrl: text('site_url'),
    state: text('state', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** Hidden by a platform admin: seen by its staff and admins only, whatever its state. */
    hidden: boolean('hidden').notNull().default(false),
    /** The event /hackathon shows; at most one. */
    featured: boolean('featured').notNull().default(false),
    /** Kept by triggers on registrations and teams, so lists read counts from the row. */
    registrantCount: integer('registrant_count').notNull().default(0),
    teamCount: integer('team_count').notNull().default(0),
    /**
     * How many take part looking for a team (registration's flag, or the profile's where it has none):
     * kept by a trigger on profiles' looking_event_ids (migration 0026), for the organizer's dashboard.
     */
    lookingCount: integer('looking_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changedAt: changedAt(),
  },
  (t) => [
    uniqueIndex('events_slug_idx').on(t.slug),
    uniqueIndex('events_one_featured_idx')
      .on(t.featured)
      .where(sql`${t.featured}`),
    index('events_build_starts_idx').on(t.buildStartsAt, t.id),
    // Sync (updatedSince): changed at or after an instant, oldest change first.
    index('events_changed_at_idx').on(t.changedAt, t.id),
    check('events_state_check', oneOf(t.state, ['draft', 'published'])),
    check(
      'events_team_size_check',
      sql`${t.teamSizeMin} between ${sql.raw(String(TEAM_SIZE_MIN))} and ${t.teamSizeMax} and ${t.teamSizeMax} <= ${sql.raw(String(TEAM_SIZE_MAX))}`,
    ),
    check('events_teams_per_person_check', sql`${t.teamsPerPerson} is null or ${t.teamsPerPerson} >= 1`),
    check('events_dates_check', sql`${t.buildStartsAt} < ${t.submissionDeadline}`),
    check('events_looking_lapse_days_check', sql`${t.lookingLapseDays} between 1 and 365`),
  ],
);

/** Who works on an event: owners (who also name the staff), organizers and moderators. */
export const eventStaff = pgTable(
  'event_staff',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: EVENT_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('event_staff_profile_id_idx').on(t.profileId),
    check('event_staff_role_check', oneOf(t.role, EVENT_ROLES)),
  ],
);

/** A person taking part in an event ('Take part'). */
export const registrations = pgTable(
  'registrations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Looking for a team in this event; null: as the profile's flag says. */
    looking: boolean('looking'),
    /** What the person wants to do here, in a line. */
    intent: text('intent'),
    /** When the person last said they are looking here (taking part, or switching it on again): its age lapses it. */
    lookingSince: timestamp('looking_since', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The person's profile's created_at, set by a trigger on every new registration (migration
     * 0025; the default is never kept): an event's people, newest first, are read from the index
     * below, not by sorting every registrant (docs/decisions/032-list-statements-per-shape.md).
     */
    profileCreatedAt: timestamp('profile_created_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.profileId] }),
    index('registrations_event_newest_idx').on(t.eventId, t.profileCreatedAt.desc(), t.profileId.desc()),
    index('registrations_profile_id_idx').on(t.profileId),
    index('registrations_looking_since_idx').on(t.lookingSince),
  ],
);

export type Event = typeof events.$inferSelect;
export type Registration = typeof registrations.$inferSelect;
