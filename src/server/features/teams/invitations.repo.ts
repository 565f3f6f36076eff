/**
 * Invitations: a team's leader invites a person to a role, the person answers (answerPending in
 * joining.repo.ts), a leader may take it back. The rules are checked here.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvitationView, PendingInvitation } from '../../../shared/api/teams';
import type { InvitationSchema } from '../../../shared/schemas';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import type { Db } from '../../db/client';
import { teamInvitations, teamMembers, teams, type Team } from '../../db/schema';
import { registrationsIn } from '../events';
import { notify } from '../notifications';
import { people } from '../../db/people';
import { HIDDEN_TEXT } from '../../../shared/safety';
import { hiddenAmong } from '../safety';
import { mayInvite } from './contact-rules.repo';
import { eventOfTeam, notLocked, roomForOneMore } from './event-rules.repo';
import { answerPending, type Answerable, type PendingKind } from './joining.repo';
import { hasRoom, iso, lockLedTeam, personName } from './teams.repo';

/**
 * Whether the person exists, is in this team already, and is looking for a team in its event (as
 * they said when taking part there, or as their profile says).
 */
async function inviteTarget(db: Db, team: Team, profileId: string) {
  const [row] = await db
    .select({ lookingForTeam: people.lookingForTeam, memberTeamId: teamMembers.teamId })
    .from(people.table)
    .leftJoin(teamMembers, and(eq(teamMembers.profileId, people.id), eq(teamMembers.teamId, team.id)))
    .where(eq(people.id, profileId));
  if (!row) return null;
  const inEvent = (await registrationsIn(db, team.eventId, [profileId])).get(profileId);
  return { lookingForTeam: inEvent ?? row.lookingForTeam, isMember: row.memberTeamId !== null };
}

/**
 * A leader invites a person who is looking for a team and not in it yet; the invited person is
 * told. The partial unique index settles concurrent duplicates.
 */
export async function invite(db: Db, invitedBy: string, input: z.infer<typeof InvitationSchema>): Promise<Outcome<{ id: string }>> {
  return inTransaction(db, async (tx) => {
    const led = await lockLedTeam(tx, input.teamId, invitedBy);
    if (!led.ok) return led.reason === 'not_team_leader' ? refused('not_team_leader_invite') : led;
    const { team } = led;
    const event = await eventOfTeam(tx, team);
    const open = notLocked(event);
    if (!open.ok) return open;
    const target = await inviteTarget(tx, team, input.profileId);
    if (!target) return refused('invitee_not_found');
    if (target.isMember) return refused('invitee_is_member');
    // Blocks, 'who may contact me' and bans answer alike, before anything that would tell them apart.
    const safe = await mayInvite(tx, event, team.id, invitedBy, input.profileId, 'check');
    if (!safe.ok) return safe;
    // Already in as many of the event's teams as it allows says more than 'not looking'.
    if (!(await roomForOneMore(tx, event, input.profileId))) {
      return refused('invitee_teams_per_person', { limit: event.teamsPerPerson!, event: event.name });
    }
    if (!target.lookingForTeam) return refused('invitee_not_looking');
    if (!hasRoom(team)) return refused('team_full');
    const counted = await mayInvite(tx, event, team.id, invitedBy, input.profileId, 'count');
    if (!counted.ok) return counted;
    const [row] = await tx
      .insert(teamInvitations)
      .values({ teamId: team.id, profileId: input.profileId, invitedBy, role: input.role, message: input.message })
      .onConflictDoNothing()
      .returning({ id: teamInvitations.id });
    if (!row) return refused('invitation_pending');
    const by = await personName(tx, invitedBy);
    await notify(tx, [
      {
        profileId: input.profileId,
        kind: 'invitation',
        data: { teamId: team.id, teamName: team.name, by, invitationId: row.id, role: input.role },
      },
    ]);
    return done({ id: row.id });
  });
}

type FoundInvitation = Answerable & { invitedBy: string | null };

/** An invitation, answered by the invited person only. */
const invitationKind: PendingKind<FoundInvitation> = {
  refusals: { notFound: 'invitation_not_found', noLongerPending: 'invitation_no_longer_pending', answered: 'invitation_answered' },
  takenBack: 'withdrawn',
  isJoinRequest: false,
  async find(tx, id, profileId) {
    const [row] = await tx
      .select({
        teamId: teamInvitations.teamId,
        joinerId: teamInvitations.profileId,
        role: teamInvitations.role,
        invitedBy: teamInvitations.invitedBy,
      })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.profileId, profileId)));
    return row ?? null;
  },
  recheck: async () => null,
  async mark(tx, id, status) {
    const rows = await tx
      .update(teamInvitations)
      .set({ status, respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.status, 'pending')))
      .returning({ id: teamInvitations.id });
    return rows.length > 0;
  },
  async statusOf(tx, id) {
    const [now] = await tx.select({ status: teamInvitations.status }).from(teamInvitations).where(eq(teamInvitations.id, id));
    return now?.status;
  },
  async notices(tx, { id, found, team, actorId, accept, joined }) {
    const by = await personName(tx, actorId);
    return [
      ...(found.invitedBy
        ? [
            {
              profileId: found.invitedBy,
              kind: accept ? ('invitation_accepted' as const) : ('invitation_declined' as const),
              data: { teamId: team.id, teamName: team.name, by, invitationId: id, role: found.role },
            },
          ]
        : []),
      ...(joined ? [{ profileId: actorId, kind: 'joined' as const, data: { ...joined, invitationId: id, role: found.role } }] : []),
    ];
  },
};

/**
 * Only the invited person answers; accepting makes the membership (unless the team is full: the
 * invitation stays pending). The leader who invited is told; the person joining gets 'joined',
 * saying what was withdrawn.
 */
export function answerInvitation(db: Db, invitationId: string, profileId: string, accept: boolean) {
  return answerPending(db, invitationKind, invitationId, profileId, accept);
}

/** A leader takes a pending invitation of their team back; it disappears from the invitee's list. */
export async function withdrawInvitation(db: Db, invitationId: string, leaderProfileId: string): Promise<Outcome> {
  return inTransaction(db, async (tx) => {
    // Someone else's team's invitation looks exactly like an unknown one.
    const [invitation] = await tx
      .select({ teamId: teamInvitations.teamId })
      .from(teamInvitations)
      .innerJoin(teamMembers, and(eq(teamMembers.teamId, teamInvitations.teamId), eq(teamMembers.profileId, leaderProfileId)))
      .where(and(eq(teamInvitations.id, invitationId), eq(teamMembers.isLeader, true)));
    if (!invitation) return refused('invitation_not_found');
    const led = await lockLedTeam(tx, invitation.teamId, leaderProfileId);
    if (!led.ok) return led;
    const [withdrawn] = await tx
      .update(teamInvitations)
      .set({ status: 'withdrawn', respondedAt: new Date() })
      .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')))
      .returning({ id: teamInvitations.id });
    return withdrawn ? done() : refused('invitation_no_longer_pending');
  });
}

/** Invitations addressed to a person that are still pending, newest first. */
export async function pendingInvitationsFor(db: Db, profileId: string, limit: number): Promise<InvitationView[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      team: { id: teams.id, name: teams.name, logoUrl: teams.logoUrl },
      role: teamInvitations.role,
      message: teamInvitations.message,
      status: teamInvitations.status,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.profileId, profileId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
    .limit(limit);
  // A message a moderator hid reads 'Hidden by a moderator' to the invited person.
  const hidden = await hiddenAmong(
    db,
    'invitation',
    rows.map((i) => i.id),
  );
  return rows.map((i) => ({ ...i, ...(hidden.has(i.id) && { message: HIDDEN_TEXT }), createdAt: iso(i.createdAt) }));
}

/** A team's pending invitations, for its leaders: who, for what role, since when. */
export async function pendingInvitationsOf(db: Db, teamId: string): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: teamInvitations.id,
      invitee: people.ref,
      role: teamInvitations.role,
      message: teamInvitations.message,
      createdAt: teamInvitations.createdAt,
    })
    .from(teamInvitations)
    .innerJoin(people.table, eq(people.id, teamInvitations.profileId))
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.status, 'pending')))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id))
    .limit(200);
  return rows.map((i) => ({ ...i, createdAt: iso(i.createdAt) }));
}

/** Of these invitation ids, those to `profileId` still pending. */
export async function pendingInvitationIds(db: Db, ids: string[], profileId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(inArray(teamInvitations.id, ids), eq(teamInvitations.status, 'pending'), eq(teamInvitations.profileId, profileId)));
  return new Set(rows.map((r) => r.id));
}
