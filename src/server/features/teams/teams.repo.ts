/**
 * Teams: a team's page, creating, editing and deleting (browsing: list.repo.ts). Every change to a
 * team, to who is in it or to who leads it locks the team's row (lockTeam), after the profile of the
 * person it moves (db/people.ts lockPerson: the person, the team, then the event; docs/decisions/038),
 * and checks the actor's role again under that lock (lockLedTeam), so a leader demoted or gone a
 * moment ago can no longer act (the route's guard only answered early). Ownership sits in the where clause of reads, so a
 * foreign id looks exactly like an unknown one.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventRef } from '../../../shared/api/events';
import { type TeamCard, type TeamDetail, type TeamMember } from '../../../shared/api/teams';
import { LEADER_ROLE } from '../../../shared/constants';
import { formationLocked } from '../../../shared/events';
import { positionSkillColumns } from '../../../shared/matching';
import type { CreateTeamSchema, UpdateTeamSchema } from '../../../shared/schemas';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { joinRequests, teamMembers, teams, type Team } from '../../db/schema';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import {
  defaultTeamSize,
  stopLookingIn,
  eventFactsById,
  eventRefOf,
  featuredEvent,
  sizeAllowed,
  visibleEvent,
  type EventViewer,
} from '../events';
import { notify } from '../notifications';
import { lockProfile, lockProfiles } from '../profiles';
import { eventOfTeam, mayJoin, notLocked } from './event-rules.repo';
import { people } from '../../db/people';
import { isoInstant } from '../../db/instants';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { hiddenReasonOf } from '../safety';
import { unlistedFor } from './visibility';
import { positionsWebhook, teamCreatedWebhook } from './webhook-events';

export const iso = (d: Date) => d.toISOString();

/** Whether a team has room for one more member. */
export const hasRoom = (team: Pick<Team, 'memberCount' | 'maxSize'>) => team.memberCount < team.maxSize;

/** What a team card shows of the team's own row (lists, a team's page). */
export const cardRowColumns = {
  id: teams.id,
  name: teams.name,
  description: teams.description,
  logoUrl: teams.logoUrl,
  isOpen: teams.isOpen,
  openPositions: teams.openPositions,
  memberCount: teams.memberCount,
  maxSize: teams.maxSize,
  // As ISO 8601 text: a card shows them as that, and a Date would only be written back out (db/instants.ts).
  createdAt: isoInstant(teams.createdAt),
  updatedAt: isoInstant(teams.updatedAt),
  changedAt: isoInstant(teams.changedAt),
  /** A moderator or a platform ban hid the description (kept by migration 0029's trigger): toCard leaves it to the caller. */
  descriptionHidden: teams.descriptionHidden,
};
/** A team card's columns with its event's reference read in the same statement (suggestions). */
export const cardColumns = { ...cardRowColumns, event: eventRefOf(teams.eventId) };
/** A team card's own columns as read (cardRowColumns): its instants as ISO 8601 text. */
export type CardRow = Pick<Team, Exclude<keyof typeof cardRowColumns, 'createdAt' | 'updatedAt' | 'changedAt'>> & {
  createdAt: string;
  updatedAt: string;
  changedAt: string;
};

/** A team card from its row and its event's reference (a list maps a page of them: the row is read, not copied). */
export function toCard(team: CardRow, event: EventRef): TeamCard {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    logoUrl: team.logoUrl,
    isOpen: team.isOpen,
    openPositions: team.openPositions,
    memberCount: team.memberCount,
    maxSize: team.maxSize,
    createdAt: team.createdAt,
    updatedAt: team.changedAt,
    positionsSince: team.updatedAt,
    event,
  };
}

/** The team's row, locked until the transaction ends; null if there is no such team. */
export async function lockTeam(tx: Db, teamId: string): Promise<Team | null> {
  // NO KEY UPDATE: inserts that only reference the team (a join request) are not held up.
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('no key update');
  return team ?? null;
}

/**
 * The team's row, locked, if `actorProfileId` leads it now: read after the lock is held, so a
 * demotion or a leave that committed while this waited is seen.
 */
export async function lockLedTeam(tx: Db, teamId: string, actorProfileId: string): Promise<Outcome<{ team: Team }>> {
  const team = await lockTeam(tx, teamId);
  if (!team) return refused('team_not_found');
  const [actor] = await tx
    .select({ isLeader: teamMembers.isLeader })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.profileId, actorProfileId)));
  if (actor?.isLeader) return done({ team });
  // Not a member of a team they may not see (visibility.ts): it is not there.
  if (!actor && (await unlistedFor(tx, team.eventId, { profileId: actorProfileId, isAdmin: false }))) return refused('team_not_found');
  return refused('not_team_leader');
}

/** The profile ids of a team's leaders. */
export async function leaderIds(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.profileId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isLeader, true)));
  return rows.map((r) => r.id);
}

/** A person's name, as notifications quote who did something. */
export async function personName(db: Db, profileId: string): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: people.id, name: people.name }).from(people.table).where(eq(people.id, profileId));
  return row ?? { id: profileId, name: 'Someone' };
}

// ---------- teams ----------

/** What a team's page shows of its row: a card's columns and what each position needs (not its search text or reminders). */
const detailColumns = { ...cardRowColumns, positionSkills: teams.positionSkills };

/**
 * A team's page, or null: no such team, or its event is not public (hidden by an admin, or a draft)
 * and the viewer is neither in the team, on the event's staff, nor a platform admin. One statement:
 * the team, its members (leaders first, then by date joined), a moderator's mark on its description
 * and the viewer's pending request; its event's reference and rules are the instance's kept ones
 * (eventFactsById).
 */
export async function getTeamDetail(db: Db, teamId: string, viewer: EventViewer): Promise<TeamDetail | null> {
  const viewerProfileId = viewer.profileId;
  const teamIdParam = sql.placeholder('teamId');
  const statement = (viewer: boolean) => (db: Db, name: string) =>
    db
      .select({
        team: detailColumns,
        eventId: teams.eventId,
        members: sql<TeamMember[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'name', p.name,
          'avatarUrl', p.avatar_url, 'role', m.role, 'isLeader', m.is_leader) order by m.is_leader desc, m.joined_at, p.name)
        from ${teamMembers} m join ${people.table} p on p.id = m.profile_id where m.team_id = ${teamIdParam}), '[]')`,
        hiddenWhy: hiddenReasonOf('team_description', sql`${teams.id}`, teams.descriptionHidden),
        pendingRequestId: viewer
          ? sql<string | null>`(select jr.id from ${joinRequests} jr
            where jr.team_id = ${teamIdParam} and jr.profile_id = ${sql.placeholder('viewer')} and jr.status = 'pending' limit 1)`
          : sql<null>`null`,
      })
      .from(teams)
      .where(eq(teams.id, teamIdParam))
      .prepare(name);
  const [row] = viewerProfileId
    ? await prepared(db, 'team_detail_for_viewer', statement(true)).execute({ teamId, viewer: viewerProfileId })
    : await prepared(db, 'team_detail', statement(false)).execute({ teamId });
  if (!row) return null;
  const { team, members } = row;
  const event = await eventFactsById(db, row.eventId);
  if (!event) return null;
  const me = viewerProfileId ? members.find((m) => m.id === viewerProfileId) : undefined;
  if (!me && (await unlistedFor(db, row.eventId, viewer))) return null;
  const pendingRequestId = me ? null : row.pendingRequestId;
  // A description a moderator hid: its team's members read it and why; everyone else, 'Hidden by a moderator'.
  const { hiddenWhy } = row;
  return {
    ...toCard(team, event.ref),
    ...(hiddenWhy !== null && (me ? { descriptionHidden: hiddenWhy } : { description: HIDDEN_TEXT })),
    event: { ...event.ref, ...event.rules, formationLocked: formationLocked(event.rules, Date.now()) },
    positionSkills: team.positionSkills,
    updatedAt: team.updatedAt,
    members,
    viewer: { isMember: Boolean(me), isLeader: Boolean(me?.isLeader), hasPendingRequest: pendingRequestId !== null, pendingRequestId },
  };
}

/** The team, and the viewer's membership in it (null when not a member). */
export async function getTeamAndMembership(db: Db, teamId: string, profileId: string) {
  const [row] = await prepared(db, 'team_and_membership', (db, name) =>
    db
      .select({ team: teams, isLeader: teamMembers.isLeader })
      .from(teams)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.profileId, sql.placeholder('profileId'))))
      .where(eq(teams.id, sql.placeholder('teamId')))
      .prepare(name),
  ).execute({ teamId, profileId });
  if (!row) return null;
  return { team: row.team, membership: row.isLeader === null ? null : { isLeader: row.isLeader } };
}

/**
 * A new team in an event (the featured one when none is named), with its creator as leader: both or
 * neither. The event's rules hold: its teams not locked, the creator taking part (registered now if
 * registration is open) and in fewer teams there than it allows, the size within its bounds.
 */
export async function createTeam(
  db: Db,
  creatorProfileId: string,
  input: z.infer<typeof CreateTeamSchema>,
): Promise<Outcome<{ id: string }>> {
  const event = input.event ? await visibleEvent(db, input.event, { profileId: creatorProfileId, isAdmin: false }) : null;
  const chosen = input.event ? event?.event : await featuredEvent(db);
  if (!chosen) return refused('event_not_found');
  const maxSize = input.maxSize ?? defaultTeamSize(chosen);
  if (!sizeAllowed(chosen, maxSize))
    return refused('team_size_bounds', { event: chosen.name, min: chosen.teamSizeMin, max: chosen.teamSizeMax });
  return inTransaction(db, async (tx) => {
    await lockProfile(tx, creatorProfileId);
    const allowed = await mayJoin(tx, chosen, creatorProfileId);
    if (!allowed.ok) return allowed;
    const [team] = await tx
      .insert(teams)
      .values({
        eventId: chosen.id,
        name: input.name,
        description: input.description,
        logoUrl: input.logoUrl,
        isOpen: input.isOpen,
        openPositions: input.openPositions,
        maxSize,
        ...positionSkillColumns(input.openPositions, input.positionSkills ?? {}),
      })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values({ teamId: team.id, profileId: creatorProfileId, role: LEADER_ROLE, isLeader: true });
    await teamCreatedWebhook(tx, { id: team.id, name: input.name, eventId: chosen.id }, input.openPositions);
    // With a team of their own there, they are not looking for one in this event (their profile's flag stays as it is).
    await stopLookingIn(tx, chosen.id, creatorProfileId, { evenIfFollowingProfile: true });
    return done({ id: team.id });
  });
}

/** Saves a leader's edit; refused when the new size is below the members the team has. */
export async function updateTeam(
  db: Db,
  teamId: string,
  actorProfileId: string,
  input: z.infer<typeof UpdateTeamSchema>,
): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    const led = await lockLedTeam(tx, teamId, actorProfileId);
    if (!led.ok) return led;
    // The member count cannot change while the row is locked.
    if (input.maxSize !== undefined && led.team.memberCount > input.maxSize) {
      return refused('team_too_small', { memberCount: led.team.memberCount });
    }
    if (input.maxSize !== undefined && input.maxSize !== led.team.maxSize) {
      const event = await eventOfTeam(tx, led.team);
      if (!sizeAllowed(event, input.maxSize)) {
        return refused('team_size_bounds', { event: event.name, min: event.teamSizeMin, max: event.teamSizeMax });
      }
    }
    await tx
      .update(teams)
      .set({ name: input.name, description: input.description, isOpen: input.isOpen, maxSize: input.maxSize, updatedAt: new Date() })
      .where(eq(teams.id, teamId));
    return done();
  });
}

/** Replaces the open positions; without `skills`, each position that stays keeps what it needs. */
export async function setOpenPositions(
  db: Db,
  teamId: string,
  actorProfileId: string,
  openPositions: string[],
  skills?: Record<string, string[]>,
): Promise<Outcome<{ positionSkills: Record<string, string[]> }>> {
  return inTransaction(db, async (tx) => {
    const led = await lockLedTeam(tx, teamId, actorProfileId);
    if (!led.ok) return led;
    const columns = positionSkillColumns(openPositions, skills ?? led.team.positionSkills);
    await tx
      .update(teams)
      .set({ openPositions, ...columns, updatedAt: new Date() })
      .where(eq(teams.id, teamId));
    await positionsWebhook(tx, led.team, led.team.openPositions, openPositions);
    return done({ positionSkills: columns.positionSkills });
  });
}

/**
 * Freshness (docs/product.md#freshness): a leader says the open positions are still open; their
 * age (the team's updated_at) starts over, so the 14-day reminder comes again only 14 days later.
 */
export async function keepPositionsOpen(db: Db, teamId: string, actorProfileId: string): Promise<Outcome<{ positionsSince: string }>> {
  return inTransaction(db, async (tx) => {
    const led = await lockLedTeam(tx, teamId, actorProfileId);
    if (!led.ok) return led;
    const { team } = led;
    if (team.openPositions.length === 0) return refused('no_open_positions');
    if (!team.isOpen) return refused('team_not_open');
    if (!hasRoom(team)) return refused('team_full');
    const now = new Date();
    await tx.update(teams).set({ updatedAt: now }).where(eq(teams.id, teamId));
    return done({ positionsSince: iso(now) });
  });
}

/**
 * A leader deletes the team. Members and invitations go with it; pending join requests are
 * cancelled (their senders see 'Cancelled'), and members and requesters are told, all in one
 * transaction.
 */
export async function deleteTeam(db: Db, teamId: string, byProfileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    // Its members before the team, in id order (db/people.ts lockPerson): the deletion updates each
    // one's profile (a membership's trigger), and a member leaving the event or banned takes theirs first.
    await lockProfiles(tx, tx.select({ id: teamMembers.profileId }).from(teamMembers).where(eq(teamMembers.teamId, teamId)));
    const led = await lockLedTeam(tx, teamId, byProfileId);
    if (!led.ok) return led;
    const { team } = led;
    // Deleting a team takes everyone out of it: not once the event's teams are locked.
    const open = notLocked(await eventOfTeam(tx, team));
    if (!open.ok) return open;
    const by = await personName(tx, byProfileId);
    const members = await tx
      .select({ id: teamMembers.profileId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.profileId, byProfileId)));
    await notify(
      tx,
      members.map((m) => ({ profileId: m.id, kind: 'team_deleted' as const, data: { teamId: null, teamName: team.name, by } })),
    );
    await dropTeam(tx, team, by);
    return done();
  });
}

/**
 * Deletes a team the caller locked, in its transaction: its pending join requests are cancelled and
 * their senders told that `by` deleted it (null: not named, as for an account being deleted), its
 * invitations and memberships go with it. Its members are the caller's to tell.
 */
export async function dropTeam(tx: Db, team: Team, by: { id: string; name: string } | null): Promise<void> {
  // FOR UPDATE, over the caller's NO KEY UPDATE: a join request still being sent holds KEY SHARE on
  // the team; this waits for it, so it is cancelled below (not left pending, which the team's
  // deletion cannot set to no team), and holds off any new one until the team is gone.
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, team.id)).for('update');
  const cancelled = await tx
    .update(joinRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(and(eq(joinRequests.teamId, team.id), eq(joinRequests.status, 'pending')))
    .returning({ id: joinRequests.id, profileId: joinRequests.profileId });
  await tx.delete(teams).where(eq(teams.id, team.id));
  await notify(
    tx,
    cancelled.map((r) => ({
      profileId: r.profileId,
      kind: 'request_withdrawn' as const,
      data: { teamId: null, teamName: team.name, ...(by && { by }), requestId: r.id, reason: 'team_deleted' },
    })),
  );
}
