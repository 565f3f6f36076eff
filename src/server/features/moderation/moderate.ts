/**
 * Reporting and acting on reports (docs/product.md#moderation). An event's staff act on what
 * belongs to their event only; platform admins act anywhere, and alone ban from the whole platform.
 * Every action is recorded with who and why, and can be undone (unhide, unban).
 */
import type { z } from 'zod';
import type { ModerationActionInputSchema, ReportInputSchema } from '../../../shared/api/moderation';
import { done, inTransaction, refused, Rollback, type Outcome } from '../../api/outcome';
import { deleteSessionsOfProfile } from '../../auth/auth.repo';
import type { Db } from '../../db/client';
import type { Event } from '../../db/schema';
import { commonEvent, eventIdBySlug, staffRoleOf, takesPart, type EventViewer } from '../events';
import { notify } from '../notifications';
import { leaveEvent, memberIdsOf, unlistedFor, writtenBy } from '../teams';
import { announcementIdsBy } from '../organize';
import { addBan, hiddenReason, hide, hideForBan, isBanned, liftBan, unhide } from '../safety';
import { closeReports, fileReport, recordAction, reportedIn } from './reports.repo';
import { findTarget, type Target } from './targets';

type ReportInput = z.infer<typeof ReportInputSchema>;
type ActionInput = z.infer<typeof ModerationActionInputSchema>;

/** Files a report from a signed-in person; the reporter only learns that it was received. */
export async function report(db: Db, reporter: EventViewer & { profileId: string }, input: ReportInput): Promise<Outcome> {
  const reporterId = reporter.profileId;
  const targetId = input.targetId.toLowerCase();
  const target = await findTarget(db, input.targetKind, targetId, reporterId);
  if (!target || !(await reporterSees(db, input.targetKind, targetId, target, reporter))) return refused('report_target_not_found');
  if (target.subjectId === reporterId && input.targetKind === 'profile') return refused('cannot_report_self');
  let eventId = target.eventId;
  if (input.targetKind === 'profile') {
    // A profile goes to the event named (where the person takes part), else one both take part in, else the platform.
    const named = input.event ? await eventIdBySlug(db, input.event) : null;
    eventId = named && (await takesPart(db, named, targetId)) ? named : await commonEvent(db, reporterId, targetId);
  }
  await fileReport(db, {
    reporterId,
    targetKind: input.targetKind,
    targetId,
    eventId,
    subjectId: target.subjectId,
    reason: input.reason,
    note: input.note ? input.note : null,
    snapshot: target.snapshot.slice(0, 4000),
  });
  return done();
}

/**
 * Whether the reporter can see the target: what belongs to an event an admin hid (or a draft) is not
 * there to anyone but its staff, admins and those it concerns (a team's members; an announcement's
 * recipients, who take part), so reporting it does not tell that an id exists. Messages: findTarget checked.
 */
async function reporterSees(
  db: Db,
  kind: ReportInput['targetKind'],
  id: string,
  target: Target,
  reporter: EventViewer & { profileId: string },
): Promise<boolean> {
  if (!target.eventId || (kind !== 'team' && kind !== 'announcement')) return true;
  if (!(await unlistedFor(db, target.eventId, reporter))) return true;
  return kind === 'team' ? (await memberIdsOf(db, id)).includes(reporter.profileId) : takesPart(db, target.eventId, reporter.profileId);
}

/** Where an action happens: one event (its staff, or an admin), or the platform (an admin). */
export type Scope = { event: Event; isAdmin: boolean } | { event: null; isAdmin: true };

const WHAT: Record<Target['hides'], string> = {
  bio: 'profile bio',
  team_description: 'team description',
  join_request: 'join request message',
  invitation: 'invitation message',
  announcement: 'announcement',
};

/**
 * Whether the target is this scope's to act on: an event's own teams, messages, announcements and
 * people (who take part, were reported there, or are banned from it: a ban ends their registration,
 * and the report it came from may have been about their team).
 */
async function belongs(db: Db, scope: Scope, input: ActionInput, target: Target): Promise<boolean> {
  if (!scope.event) return true;
  const eventId = scope.event.id;
  if (input.targetKind !== 'profile') return target.eventId === eventId;
  return (
    (await takesPart(db, eventId, input.targetId)) ||
    (await reportedIn(db, eventId, 'profile', input.targetId)) !== null ||
    (await isBanned(db, input.targetId, eventId))
  );
}

/** The person a warn, ban or unban is about: the one named, if they belong here, else the target's author. */
async function personOf(db: Db, scope: Scope, input: ActionInput, target: Target): Promise<string | null> {
  const named = input.profileId?.toLowerCase();
  if (!named || named === target.subjectId) return target.subjectId;
  if (!scope.event) return named;
  if (await takesPart(db, scope.event.id, named)) return named;
  return input.action === 'unban' && (await isBanned(db, named, scope.event.id)) ? named : null;
}

/** A moderator (`byId`) acts on a target: all of it or nothing (a ban, the teams it empties, the record). */
export function act(db: Db, scope: Scope, byId: string, input: ActionInput): Promise<Outcome> {
  return inTransaction(db, (tx) => actIn(tx, scope, byId, input));
}

async function actIn(db: Db, scope: Scope, byId: string, input: ActionInput): Promise<Outcome> {
  const targetId = input.targetId.toLowerCase();
  const target = await findTarget(db, input.targetKind, targetId, null);
  if (!target || !(await belongs(db, scope, { ...input, targetId }, target))) return refused('moderation_target_not_found');
  const eventId = scope.event?.id ?? null;
  const event = scope.event && { eventSlug: scope.event.slug, eventName: scope.event.name };
  const teamLink = input.targetKind === 'team' ? { teamId: targetId } : {};
  const reason = input.reason;
  // The author as reported (a team's leader then), else as it stands.
  const reported = await reportedIn(db, eventId, input.targetKind, targetId);
  if (reported?.subjectId) target.subjectId = reported.subjectId;
  let subjectId = target.subjectId;
  const tell = async (profileId: string | null, message: string) => {
    if (profileId) await notify(db, [{ profileId, kind: 'moderation', data: { ...event, ...teamLink, message, reason } }]);
  };

  switch (input.action) {
    case 'dismiss':
      break;
    case 'hide':
      await hide(db, { kind: target.hides, targetId, eventId, reason, byProfileId: byId });
      await tell(subjectId, `your ${WHAT[target.hides]} was hidden`);
      break;
    case 'unhide':
      if (!(await unhide(db, target.hides, targetId, eventId)))
        return refused((await hiddenReason(db, target.hides, targetId)) === null ? 'not_hidden' : 'hidden_elsewhere');
      await tell(subjectId, `your ${WHAT[target.hides]} is shown again`);
      break;
    case 'warn':
    case 'ban':
    case 'unban': {
      subjectId = await personOf(db, scope, input, target);
      if (!subjectId) return refused('ban_target_not_found');
      if (input.action === 'warn') {
        await tell(subjectId, 'you were warned');
      } else if (input.action === 'unban') {
        if (!(await liftBan(db, subjectId, eventId))) return refused('not_banned');
        await tell(subjectId, scope.event ? `you may take part in ${scope.event.name} again` : 'you may sign in again');
      } else if (scope.event) {
        if (await staffRoleOf(db, scope.event.id, subjectId)) return refused('cannot_ban_staff');
        await addBan(db, { profileId: subjectId, eventId, reason, byProfileId: byId });
        // Their teams here lose them; a last leader's team passes to its longest-standing member.
        const left = await leaveEvent(db, scope.event, subjectId, { banned: true });
        if (!left.ok) throw new Rollback(left);
        await tell(subjectId, `you were banned from ${scope.event.name}`);
      } else {
        const ban = await addBan(db, { profileId: subjectId, eventId: null, reason, byProfileId: byId });
        await hideAllOf(db, subjectId, { banId: ban.id, reason, byProfileId: byId });
        await deleteSessionsOfProfile(db, subjectId);
      }
      break;
    }
  }
  if (input.action !== 'unhide' && input.action !== 'unban') await closeReports(db, eventId, input.targetKind, targetId);
  await recordAction(db, { eventId, action: input.action, targetKind: input.targetKind, targetId, subjectId, byProfileId: byId, reason });
  return done();
}

/** A platform ban hides everything the person wrote that others read; lifting the ban shows it again. */
async function hideAllOf(db: Db, profileId: string, ban: { banId: string; reason: string; byProfileId: string }) {
  const written = await writtenBy(db, profileId);
  await hideForBan(db, ban, [
    { kind: 'bio', ids: [profileId] },
    { kind: 'team_description', ids: written.teams },
    { kind: 'join_request', ids: written.joinRequests },
    { kind: 'invitation', ids: written.invitations },
    { kind: 'announcement', ids: await announcementIdsBy(db, profileId) },
  ]);
}
