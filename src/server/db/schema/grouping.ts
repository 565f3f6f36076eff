/**
 * Grouping of solo participants (issue 32, docs/decisions/023-grouping.md): who asked to be grouped
 * (and with whom never), partial teams that want members, runs of the algorithm, the groups they
 * proposed and each member's answer.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { events } from './events';
import { profiles } from './profiles';
import { teams } from './teams';

export const GROUPING_ROLES = ['build', 'data', 'design', 'product', 'hardware'] as const;

/** 'Find me a team' in an event, with the role the person wants to play. */
export const groupingOptIns = pgTable(
  'grouping_opt_ins',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role', { enum: GROUPING_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.profileId] })],
);

/** People someone does not want to be grouped with (any event). */
export const groupingAvoids = pgTable(
  'grouping_avoids',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    avoidProfileId: uuid('avoid_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.avoidProfileId] }), index('grouping_avoids_other_idx').on(t.avoidProfileId)],
);

/** A partial team that wants members from grouping (its leader asked). */
export const groupingTeamOptIns = pgTable('grouping_team_opt_ins', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  wanted: integer('wanted').notNull(),
  createdAt: createdAt(),
});

/**
 * One run of the algorithm for an event: 'queued' (asked for), 'running', 'preview' (groups written,
 * staff look), 'sent', 'discarded' (a newer run replaced it). Only one runs at a time per event
 * (an advisory lock); a run left 'running' by a dead instance is taken up again.
 */
export const groupingRuns = pgTable(
  'grouping_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    seed: integer('seed').notNull(),
    byProfileId: uuid('by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    totals: jsonb('totals').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('grouping_runs_status_check', sql`${t.status} in ('queued', 'running', 'preview', 'sent', 'discarded')`),
    index('grouping_runs_event_idx').on(t.eventId, t.createdAt.desc()),
  ],
);

/** A proposed group: its quality terms, reasons and trade-off; the team it became (or filled). */
export const groupingGroups = pgTable(
  'grouping_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => groupingRuns.id, { onDelete: 'cascade' }),
    /** The partial team this group fills (its members are not asked: they asked for members). */
    fillsTeamId: uuid('fills_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The team a new group became when enough accepted. */
    formedTeamId: uuid('formed_team_id').references(() => teams.id, { onDelete: 'set null' }),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    reasons: jsonb('reasons').$type<Record<string, unknown>[]>().notNull(),
    tradeOff: jsonb('trade_off').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Its team (the one it fills or formed) was deleted: the proposal ended then (migration 0030). */
    teamGone: boolean('team_gone').notNull().default(false),
  },
  (t) => [
    index('grouping_groups_run_idx').on(t.runId),
    // A team's deletion finds the groups naming it (its foreign keys, and migration 0030's trigger).
    index('grouping_groups_fills_team_idx')
      .on(t.fillsTeamId)
      .where(sql`${t.fillsTeamId} is not null`),
    index('grouping_groups_formed_team_idx')
      .on(t.formedTeamId)
      .where(sql`${t.formedTeamId} is not null`),
  ],
);

/** A person proposed in a group, and their answer: 'pending', 'accepted', 'declined', 'expired'. */
export const groupingMembers = pgTable(
  'grouping_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupingGroups.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    answer: text('answer').notNull().default('pending'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.profileId] }),
    index('grouping_members_profile_idx').on(t.profileId),
    check('grouping_members_answer_check', sql`${t.answer} in ('pending', 'accepted', 'declined', 'expired')`),
  ],
);
