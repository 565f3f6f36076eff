/** Webhooks per event (docs/product.md#webhooks): what can be sent, and the limits. */

export const WEBHOOK_KINDS = [
  'team_created',
  'member_joined',
  'member_left',
  'position_opened',
  'position_filled',
  'registration',
  'announcement',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  team_created: 'Team created',
  member_joined: 'Member joined',
  member_left: 'Member left',
  position_opened: 'Position opened',
  position_filled: 'Position filled',
  registration: 'Registration (take part or leave)',
  announcement: 'Announcement to everyone',
};

/** Webhooks one event may have. */
export const WEBHOOKS_PER_EVENT = 10;
export const WEBHOOK_URL_MAX = 500;
/** The headers each delivery carries (GitHub style). */
export const WEBHOOK_HEADERS = {
  event: 'X-HackTeams-Event',
  delivery: 'X-HackTeams-Delivery',
  signature: 'X-HackTeams-Signature-256',
} as const;
export const WEBHOOK_USER_AGENT = 'HackTeams-Hookshot';
