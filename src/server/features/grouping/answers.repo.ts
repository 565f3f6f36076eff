/**
 * A member's proposed group and their answer (docs/product.md#find-me-a-team). Nobody is put in a
 * team without accepting: a group becomes a team only of those who accepted, once they are enough
 * (the event's minimum, at least 2), led by the first who accepted, with open positions for the
 * roles it lacks; later acceptors join it. A partial team is joined by each who accepts. Those kept
 * apart since the proposal (a block, a 'not with') are not put together, and one who may no longer
 * join holds no one else back.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { GROUPING_ROLE_LABELS, GROUPING_ROLES, type GroupingRole, type Proposal } from '../../../shared/api/grouping';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import { queryRows, type Db } from '../../db/client';
import { people } from '../../db/people';
import { groupingGroups, groupingMembers, groupingRuns, type Event } from '../../db/schema';
import { eventById } from '../events';
import { notify } from '../notifications';
import { formGroupedTeam, joinGroupedTeam, lockForJoining, memberIdsOf, whoMayJoin } from '../teams';
import { groupViews, notifyBackInPool } from './runs.repo';
import { forbiddenPairs, oneTeamPlaceFilled, teamOptInOf } from './optins.repo';

async function proposalView(db: Db, eventId: string, groupId: string, profileId: string): Promise<Proposal | null> {
  const [view] = await groupViews(db, eventId, { groupIds: [groupId] }, profileId);
  if (!view) return null;
  const me = view.members.find((m) => m.person.id === profileId);
  if (!me) return null;
  return {
    groupId: view.id,
    expiresAt: view.expiresAt,
    members: view.members.map((m) => ({ ...m, you: m.person.id === profileId })),
    fillsTeam: view.fillsTeam,
    reasons: view.reasons,
    tradeOff: view.tradeOff,
    yourAnswer: me.answer,
    teamId: view.teamId,
    teamGone: view.teamGone,
  };
}

/** The person's latest sent proposal in the event, or null. */
export async function myProposal(db: Db, eventId: string, profileId: string): Promise<Proposal | null> {
  const [row] = await db
    .select({ groupId: groupingGroups.id })
    .from(groupingMembers)
    .innerJoin(groupingGroups, eq(groupingGroups.id, groupingMembers.groupId))
    .innerJoin(groupingRuns, eq(groupingRuns.id, groupingGroups.runId))
    .where(and(eq(groupingMembers.profileId, profileId), eq(groupingRuns.eventId, eventId), eq(groupingRuns.status, 'sent')))
    .orderBy(desc(groupingRuns.sentAt))
    .limit(1);
  return row ? proposalView(db, eventId, row.groupId, profileId) : null;
}

/** The team's name: its members' first names ('Ada, Grace and Alan'). */
const teamName = (names: string[]) =>
  names.length <= 1 ? `Team ${names[0] ?? ''}`.trim() : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** Whether, by these pairs (a block or a 'not with'), the person may not be in one team with any of `others`. */
const apartFrom = (pairs: Array<[string, string]>, id: string, others: string[]) =>
  pairs.some(([a, b]) => (a === id && others.includes(b)) || (b === id && others.includes(a)));

/** Of these people, in order, those who may be in one team: one kept apart from someone kept before them is left out. */
async function keptTogether(tx: Db, profileIds: string[]): Promise<string[]> {
  const pairs = await forbiddenPairs(tx, profileIds);
  const together: string[] = [];
  for (const id of profileIds) if (!apartFrom(pairs, id, together)) together.push(id);
  return together;
}

/**
 * A group still to form: once everyone answered and too few accepted, it will not, and those who
 * accepted are back in the pool, told so.
 */
async function endIfTooFew(tx: Db, groupId: string, event: Event, need: number): Promise<void> {
  const [count] = await queryRows<{ pending: number; accepted: number }>(
    tx,
    sql`select count(*) filter (where answer = 'pending')::int as pending, count(*) filter (where answer = 'accepted')::int as accepted
          from grouping_members where group_id = ${groupId}`,
  );
  if (count.pending > 0 || count.accepted >= need) return;
  await tx.update(groupingGroups).set({ expiresAt: new Date() }).where(eq(groupingGroups.id, groupId));
  const back = await tx
    .select({ profileId: groupingMembers.profileId })
    .from(groupingMembers)
    .where(and(eq(groupingMembers.groupId, groupId), eq(groupingMembers.answer, 'accepted')));
  await notifyBackInPool(
    tx,
    back.map((b) => b.profileId),
    event,
  );
}

export async function answer(db: Db, groupId: string, profileId: string, accept: boolean): Promise<Outcome<{ proposal: Proposal }>> {
  let eventId = '';
  const outcome = await inTransaction(db, async (tx) => {
    if (accept) {
      // An accept of a group with a team joins it: the person and the team are locked before the
      // group, in the order a team's deletion takes the team and the group (lockForJoining).
      const [named] = await queryRows<{ team_id: string | null }>(
        tx,
        sql`select coalesce(fills_team_id, formed_team_id) as team_id from grouping_groups where id = ${groupId}`,
      );
      if (named?.team_id) await lockForJoining(tx, named.team_id, profileId);
    }
    const [group] = await queryRows<{
      id: string;
      event_id: string;
      status: string;
      fills_team_id: string | null;
      formed_team_id: string | null;
      team_gone: boolean;
      expired: boolean;
    }>(
      tx,
      sql`select g.id, r.event_id, r.status, g.fills_team_id, g.formed_team_id, g.team_gone, coalesce(g.expires_at <= now(), false) as expired
            from grouping_groups g join grouping_runs r on r.id = g.run_id where g.id = ${groupId} for update of g`,
    );
    const [mine] = group
      ? await tx
          .select()
          .from(groupingMembers)
          .where(and(eq(groupingMembers.groupId, groupId), eq(groupingMembers.profileId, profileId)))
      : [];
    if (!group || group.status !== 'sent' || !mine) return refused('grouping_proposal_not_found');
    eventId = group.event_id;
    if (mine.answer !== 'pending') return refused('grouping_answered', { answer: mine.answer });
    // Its team was deleted since (migration 0030): no one joins it, nor forms another from it.
    if (group.team_gone) return refused('grouping_team_gone');
    if (group.expired) return refused('grouping_expired');
    const event = (await eventById(tx, group.event_id)) as Event;
    const setAnswer = (who: string[], to: 'accepted' | 'declined') =>
      tx
        .update(groupingMembers)
        .set({ answer: to, answeredAt: new Date() })
        .where(and(eq(groupingMembers.groupId, groupId), inArray(groupingMembers.profileId, who)));
    await setAnswer([profileId], accept ? 'accepted' : 'declined');
    const need = Math.max(2, event.teamSizeMin);
    const joinTo = group.fills_team_id ?? group.formed_team_id;
    if (!accept) {
      if (!joinTo) await endIfTooFew(tx, groupId, event, need);
      return done();
    }
    const role = GROUPING_ROLE_LABELS[mine.role as GroupingRole] ?? 'Member';
    if (joinTo) {
      // A block or a 'not with' between them and someone in the team since the proposal: left out, silently.
      const members = await memberIdsOf(tx, joinTo);
      if (apartFrom(await forbiddenPairs(tx, [profileId, ...members]), profileId, members)) {
        await setAnswer([profileId], 'declined');
        return done();
      }
      // A partial team whose leaders stopped asking grouping takes no one more from it.
      if (group.fills_team_id && (await teamOptInOf(tx, group.fills_team_id)) === 0) throw new Rollback(refused('team_not_open'));
      const joined = await joinGroupedTeam(tx, event, joinTo, profileId, role, { filling: Boolean(group.fills_team_id) });
      if (!joined.ok) throw new Rollback(joined);
      // A partial team that asked for members asks for one fewer now.
      if (group.fills_team_id) await oneTeamPlaceFilled(tx, group.fills_team_id);
      await notify(tx, [{ profileId, kind: 'group_formed', data: { teamId: joinTo } }]);
      return done();
    }
    const accepted = await queryRows<{ profile_id: string; role: GroupingRole; first_name: string; name: string }>(
      tx,
      sql`select gm.profile_id, gm.role, ${people.table}.first_name, ${people.name} as name
            from grouping_members gm join ${people.table} on ${people.id} = gm.profile_id
           where gm.group_id = ${groupId} and gm.answer = 'accepted' order by gm.answered_at, gm.profile_id`,
    );
    // In the order they accepted (the answerer last): one who may no longer join, or is kept apart from
    // someone still in before them (a block or a 'not with' since the proposal), is left out, silently,
    // and counts as declined; the others are not held back by them.
    const may = await whoMayJoin(
      tx,
      event,
      accepted.map((a) => a.profile_id),
      profileId,
    );
    if (!may.ok) throw new Rollback(may);
    const together = await keptTogether(tx, may.kept);
    const kept = accepted.filter((a) => together.includes(a.profile_id));
    const leftOut = accepted.filter((a) => !together.includes(a.profile_id)).map((a) => a.profile_id);
    if (leftOut.length > 0) await setAnswer(leftOut, 'declined');
    if (kept.length < need) {
      await endIfTooFew(tx, groupId, event, need);
      return done();
    }
    const have = new Set(kept.map((a) => a.role));
    const missing = GROUPING_ROLES.filter((r) => !have.has(r)).map((r) => GROUPING_ROLE_LABELS[r]);
    const name = teamName(kept.map((a) => a.first_name));
    const formed = await formGroupedTeam(tx, event, {
      name,
      description: 'Formed by grouping: its members accepted a proposed group.',
      members: kept.map((a) => ({ profileId: a.profile_id, role: GROUPING_ROLE_LABELS[a.role] })),
      openPositions: missing,
    });
    if (!formed.ok) throw new Rollback(formed);
    await tx.update(groupingGroups).set({ formedTeamId: formed.id }).where(eq(groupingGroups.id, groupId));
    const leader = { id: kept[0].profile_id, name: kept[0].name };
    await notify(
      tx,
      kept.map((a) => ({
        profileId: a.profile_id,
        kind: 'group_formed' as const,
        data: { teamId: formed.id, teamName: name, by: leader },
      })),
    );
    return done();
  });
  if (!outcome.ok) return outcome;
  const proposal = await proposalView(db, eventId, groupId, profileId);
  return done({ proposal: proposal! });
}
