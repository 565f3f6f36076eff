/**
 * What a notification says, and where it leads (docs/product.md#notifications-tab): one function
 * for the server's API answers and the web app alike.
 */
import type { NotificationKind } from './constants';

export interface NotificationData {
  teamId?: string | null;
  teamName?: string;
  /** Who did it (the requester, the leader who answered or invited, the member who left). */
  by?: { id: string; name: string };
  requestId?: string;
  invitationId?: string;
  position?: string;
  role?: string;
  /** On joining a team: how many other pending requests were withdrawn, and whether 'looking for a team' went off. */
  withdrawnRequests?: number;
  stoppedLooking?: boolean;
  /** Why a request was withdrawn: 'team_deleted'. */
  reason?: string;
  /** An announcement: the event it is from, and its words. */
  eventSlug?: string;
  eventName?: string;
  announcementId?: string;
  message?: string;
  /** Freshness: after how many days a looking flag lapsed, or a team's positions have been open. */
  days?: number;
}

/** ': your 2 other requests were withdrawn and your profile no longer says Looking for Team', or ''. */
export function joinedSuffix(d: Pick<NotificationData, 'withdrawnRequests' | 'stoppedLooking'>): string {
  const withdrawn = d.withdrawnRequests ?? 0;
  const parts = [
    withdrawn === 1 ? 'your other request was withdrawn' : withdrawn > 1 ? `your ${withdrawn} other requests were withdrawn` : '',
    d.stoppedLooking ? 'your profile no longer says Looking for Team' : '',
  ].filter(Boolean);
  return parts.length ? `: ${parts.join(' and ')}` : '';
}

export function notificationText(kind: NotificationKind, d: NotificationData): string {
  const team = d.teamName ?? 'a team';
  const by = d.by?.name ?? 'Someone';
  switch (kind) {
    case 'join_request':
      return `${by} asked to join ${team}${d.position ? ` as ${d.position}` : ''}`;
    case 'request_accepted':
      return `${by} accepted your request: you joined ${team}${joinedSuffix(d)}`;
    case 'request_declined':
      return `Your request to join ${team} was declined`;
    case 'request_withdrawn':
      return `Your request to join ${team} was withdrawn: the team was deleted`;
    case 'invitation':
      return `${by} invited you to join ${team}${d.role ? ` as ${d.role}` : ''}`;
    case 'invitation_accepted':
      return `${by} accepted your invitation to join ${team}`;
    case 'invitation_declined':
      return `${by} declined your invitation to join ${team}`;
    case 'joined':
      return `You joined ${team}${joinedSuffix(d)}`;
    case 'removed':
      return `${by} removed you from ${team}`;
    case 'team_deleted':
      return `${by} deleted ${team}, a team you were in`;
    case 'made_leader':
      return `${by} made you a leader of ${team}`;
    case 'member_left':
      return `${by} left ${team}`;
    case 'leader_handed_over':
      return `You now lead ${team}: its leader deleted their account`;
    case 'member_deleted_account':
      return `A member of ${team} deleted their account`;
    case 'event_handed_over':
      return `You now own ${d.eventName ?? 'an event'}: its owner deleted their account`;
    case 'announcement':
      return `${d.eventName ?? 'An event'}: ${d.message ?? ''}`;
    case 'looking_lapsed':
      return `${d.eventName ?? 'An event'}: you no longer show as looking for a team, ${d.days ?? 14} days after you last said so. Still looking? Say so again in one click`;
    case 'moderation':
      return `${d.eventName ?? 'HackTeams'} moderators: ${d.message ?? ''}${d.reason ? `. Why: ${d.reason}` : ''}`;
    case 'positions_open_long':
      return `The open positions of ${team} have been listed for ${d.days ?? 14} days: still open? Update them, or close the team to requests`;
    case 'group_proposed':
      return `${d.eventName ?? 'An event'}: we found you a group. See why, then accept or decline within 48 hours`;
    case 'group_formed':
      return `Your group is now a team: ${team}${d.by ? `, led by ${d.by.name}` : ''}`;
    case 'group_returned':
      return `${d.eventName ?? 'An event'}: your group did not form, so you are back in the pool for the next round`;
  }
}

/** Where a notification leads: the team's page, or the pending lists for an invitation; null once the team is gone. */
export function notificationLink(kind: NotificationKind, d: NotificationData): string | null {
  if (kind === 'invitation') return '/profile?tab=notifications';
  if (kind === 'moderation') return d.teamId ? `/teams/${d.teamId}` : d.eventSlug ? `/hackathons/${d.eventSlug}` : null;
  if (kind === 'announcement' || kind === 'looking_lapsed' || kind === 'group_returned' || kind === 'event_handed_over')
    return d.eventSlug ? `/hackathons/${d.eventSlug}` : null;
  if (kind === 'group_proposed') return d.eventSlug ? `/hackathons/${d.eventSlug}/group` : null;
  return d.teamId ? `/teams/${d.teamId}` : null;
}
