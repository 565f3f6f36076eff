/** Business constants (docs/product.md#constants-and-limits), in one place. */

export const AVAILABILITIES = ['Full Time', 'Part Time', 'Weekends', 'Flexible'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const DEFAULT_AVAILABILITY: Availability = 'Flexible';

export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const DEFAULT_SKILL_LEVEL: SkillLevel = 'Intermediate';

/** A join request: pending, answered by a leader, or cancelled (by the requester, by joining another team, or the team was deleted). */
export const REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** An invitation: pending, answered by the invited person, or withdrawn by a leader. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** How many people a team may have (docs/product.md#team-lifecycle). */
export const TEAM_SIZE_MIN = 2;
export const TEAM_SIZE_MAX = 10;
export const DEFAULT_TEAM_SIZE = 4;

/** Who works on an event: its owners (who also name the staff), organizers, moderators. */
export const EVENT_ROLES = ['owner', 'organizer', 'moderator'] as const;
export type EventRole = (typeof EVENT_ROLES)[number];
export const EVENTS_PAGE_SIZE = 24;

/** What a notification can be about (docs/product.md#notifications-tab). */
/** Days a looking flag lasts without being said again, unless the event sets its own; and how long positions stay open before their leaders are reminded (docs/product.md#freshness). */
export const LOOKING_LAPSE_DAYS = 14;
export const POSITIONS_REMINDER_DAYS = 14;

export const NOTIFICATION_KINDS = [
  'join_request',
  'request_accepted',
  'request_declined',
  'request_withdrawn',
  'invitation',
  'invitation_accepted',
  'invitation_declined',
  'joined',
  'removed',
  'team_deleted',
  'made_leader',
  'member_left',
  // A person deleted their account (docs/decisions/013-accounts.md): their team or event was handed to you, or a teammate is gone.
  'leader_handed_over',
  'member_deleted_account',
  'event_handed_over',
  // An event's organizers wrote to a segment of its registrants (docs/product.md#the-organizers-desk).
  'announcement',
  // Freshness (docs/product.md#freshness): a looking flag lapsed; a team's positions have been open long.
  'looking_lapsed',
  'positions_open_long',
  // Grouping (docs/product.md#find-me-a-team): a group was proposed to you; it became a team; you are back in the pool.
  'group_proposed',
  'group_formed',
  'group_returned',
  // A moderator acted on something of yours, or warned or banned you (docs/product.md#moderation).
  'moderation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Live notification streams one account may hold open on one server instance. The tabs of a
 * browser share one stream, so this is a few browsers or devices; more is a script, and every
 * stream costs memory and a write per notification.
 */
export const STREAMS_PER_ACCOUNT = 5;

export const TIMEZONES = [
  'UTC-12',
  'UTC-11',
  'UTC-10',
  'UTC-9',
  'UTC-8',
  'UTC-7',
  'UTC-6',
  'UTC-5',
  'UTC-4',
  'UTC-3',
  'UTC-2',
  'UTC-1',
  'UTC+0',
  'UTC+1',
  'UTC+2',
  'UTC+3',
  'UTC+4',
  'UTC+5',
  'UTC+5:30',
  'UTC+6',
  'UTC+7',
  'UTC+8',
  'UTC+9',
  'UTC+10',
  'UTC+11',
  'UTC+12',
] as const;

export type Timezone = (typeof TIMEZONES)[number];

export const LEADER_ROLE = 'Team Leader';
export const DEFAULT_MEMBER_ROLE = 'Team Member';

export const PASSWORD_MIN = 6;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 500;
export const TEAM_NAME_MIN = 3;
export const TEAM_DESCRIPTION_MIN = 20;
export const SKILL_NAME_MAX = 50;

export const PROFILES_PAGE_SIZE = 24;
export const TEAMS_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded avatars are stored as square WebP images of this many pixels a side. */
export const AVATAR_SIZE = 200;
export const AVATAR_COLORS = ['#2563eb', '#7c3aed', '#db2777', '#dc2626', '#c2410c', '#15803d', '#0f766e', '#4f46e5'] as const;

/** Social sign-in providers the product knows; each works once its client id and secret are set. */
export const SOCIAL_PROVIDERS = ['github', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { github: 'GitHub', discord: 'Discord' };

/** What a person types to confirm deleting their account. */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';
/** What a typo in it gets: not the label's words again, which did not read as a message. */
export const DELETE_PHRASE_MISMATCH = `That does not match: type '${DELETE_ACCOUNT_PHRASE}' exactly`;
/** A password reset link works this long, once. */
export const RESET_LINK_HOURS = 1;
