/**
 * What can be reported, as moderation sees it (docs/product.md#moderation): where a target lives
 * (its event, or none), who wrote it, what it said, and what a moderator hides of it.
 */
import type { HiddenKind, ReportTarget } from '../../../shared/safety';
import type { Db } from '../../db/client';
import { announcementForReport } from '../organize';
import { getOwnProfile } from '../profiles';
import { reportableInvitation, reportableRequest, reportableTeam } from '../teams';

export interface Target {
  /** The event it belongs to; null: none (a profile). */
  eventId: string | null;
  subjectId: string | null;
  snapshot: string;
  label: string;
  link: string | null;
  hides: HiddenKind;
}

/** The first words of a text, at most about 40 characters, with '…' when there is more. */
const opening = (text: string) => (text.length <= 40 ? text : `${text.slice(0, 40).replace(/\s+\S*$/, '')}…`);

export const HIDES: Record<ReportTarget, HiddenKind> = {
  profile: 'bio',
  team: 'team_description',
  join_request: 'join_request',
  invitation: 'invitation',
  announcement: 'announcement',
};

/**
 * The target, or null when it does not exist or `viewerId` may not see it (messages: only those
 * they were sent to, and an announcement not sent to everyone the same; null viewer: a moderator, who sees everything reported).
 */
export async function findTarget(db: Db, kind: ReportTarget, id: string, viewerId: string | null): Promise<Target | null> {
  const hides = HIDES[kind];
  switch (kind) {
    case 'profile': {
      const p = await getOwnProfile(db, id);
      return (
        p && { eventId: null, subjectId: id, snapshot: `${p.name}\n${p.bio ?? ''}`.trim(), label: p.name, link: `/profiles/${id}`, hides }
      );
    }
    case 'team': {
      const t = await reportableTeam(db, id);
      return (
        t && {
          eventId: t.eventId,
          subjectId: t.leaderId,
          snapshot: `${t.name}\n${t.description ?? ''}`.trim(),
          label: t.name,
          link: `/teams/${id}`,
          hides,
        }
      );
    }
    case 'join_request': {
      const r = await reportableRequest(db, id, viewerId);
      // A message has no page of its own: it links to the team it was sent to.
      return (
        r && {
          eventId: r.eventId,
          subjectId: r.senderId,
          snapshot: r.message,
          label: `Join request to ${r.teamName}`,
          link: `/teams/${r.teamId}`,
          hides,
        }
      );
    }
    case 'invitation': {
      const i = await reportableInvitation(db, id, viewerId);
      return (
        i && {
          eventId: i.eventId,
          subjectId: i.senderId,
          snapshot: i.message,
          label: `Invitation from ${i.teamName}`,
          link: `/teams/${i.teamId}`,
          hides,
        }
      );
    }
    case 'announcement': {
      const a = await announcementForReport(db, id, viewerId);
      // It has no page of its own: its opening words tell one announcement from another in the queue.
      return (
        a && {
          eventId: a.eventId,
          subjectId: a.byProfileId,
          snapshot: a.message,
          label: `Announcement '${opening(a.message)}'`,
          link: null,
          hides,
        }
      );
    }
  }
}
