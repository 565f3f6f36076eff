/** Safety and moderation: the lists and limits both the server and the web app use (docs/product.md#safety). */

/** Who may send a person invitations: anyone, only people taking part in an event they take part in, or nobody. */
export const CONTACT_SETTINGS = ['anyone', 'events', 'nobody'] as const;
export type ContactSetting = (typeof CONTACT_SETTINGS)[number];
export const CONTACT_SETTING_LABELS: Record<ContactSetting, string> = {
  anyone: 'Anyone',
  events: 'Only people taking part in an event I take part in',
  nobody: 'Nobody',
};

/** Days a declined person cannot ask the same team again (and a team cannot invite someone who declined). */
export const DECLINE_COOLDOWN_DAYS = 7;
/** Join requests one person may send per hour. */
export const REQUESTS_PER_HOUR = 20;
/** Invitations one person may send per hour. */
export const INVITATIONS_PER_HOUR = 30;

/** What can be reported. */
export const REPORT_TARGETS = ['profile', 'team', 'join_request', 'invitation', 'announcement'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['harassment', 'spam', 'inappropriate', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or bullying',
  spam: 'Spam or scam',
  inappropriate: 'Offensive or inappropriate content',
  impersonation: 'Pretending to be someone else',
  other: 'Something else',
};
export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;

/** What a moderator can hide: a bio, a team description, a join request or invitation message, an announcement. */
export const HIDDEN_KINDS = ['bio', 'team_description', 'join_request', 'invitation', 'announcement'] as const;
export type HiddenKind = (typeof HIDDEN_KINDS)[number];
/** What everyone but the author reads in place of hidden content. */
export const HIDDEN_TEXT = 'Hidden by a moderator';

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'unhide', 'warn', 'ban', 'unban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
