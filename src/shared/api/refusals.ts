/**
 * Every refusal a rule of the product can answer with: a stable machine-readable code, its HTTP
 * status, and the words a person reads. Repositories refuse by code (`{ ok: false, reason }`); the
 * server turns a code into the answer `{ error, code, fields? }`, so one code always reads the
 * same and scripts can tell 'team full' from 'already pending' without parsing English.
 */

type Detail = Record<string, string | number>;
interface RefusalText {
  status: 400 | 403 | 404 | 409 | 429;
  message: string | ((detail: Detail) => string);
  /** The input field the message belongs to, for forms (`fields`). */
  field?: string;
}

export const REFUSALS = {
  // ---------- people ----------
  profile_not_found: { status: 404, message: 'Profile not found' },
  own_profile_not_found: { status: 404, message: 'User profile not found' },
  not_your_profile: { status: 403, message: 'You can only change your own profile' },
  skill_duplicate: { status: 409, message: 'This skill is already in your profile' },
  too_many_skills: { status: 400, message: (d) => `A profile can list at most ${d.max} skills` },
  skill_not_found: { status: 404, message: 'This skill is not in your profile' },
  too_many_experiences: { status: 400, message: (d) => `A profile can list at most ${d.max} experiences` },
  experience_not_found: { status: 404, message: 'Experience not found' },
  experience_changed: {
    status: 409,
    message: 'This experience was changed elsewhere, so nothing was removed. Check the list and try again.',
  },

  // ---------- teams and members ----------
  team_not_found: { status: 404, message: 'Team not found' },
  not_team_leader: { status: 403, message: 'Only a team leader can do this' },
  not_team_leader_invite: { status: 403, message: 'Only a team leader can invite people' },
  team_full: { status: 409, message: 'This team is full' },
  team_not_open: { status: 409, message: 'This team is not accepting new members' },
  no_open_positions: { status: 409, message: 'This team has no open positions to keep listed' },
  team_too_small: {
    status: 400,
    message: (d) => `The team has ${d.memberCount} members: its size cannot be smaller`,
    field: 'maxSize',
  },
  member_not_found: { status: 404, message: 'Member not found' },
  not_a_member: { status: 404, message: 'You are not a member of this team' },
  leader_cannot_be_removed: { status: 403, message: 'A team leader cannot be removed' },
  last_leader_leaving: { status: 409, message: 'Make another member leader before you leave' },
  last_leader: { status: 409, message: 'A team needs a leader: make another member leader first' },

  // ---------- join requests ----------
  already_member: { status: 409, message: 'You are already a member of this team' },
  position_not_open: { status: 400, message: 'This position is not open in this team', field: 'position' },
  request_pending: { status: 409, message: 'You already have a pending request to join this team' },
  request_not_found: { status: 404, message: 'Request not found' },
  request_no_longer_pending: { status: 409, message: 'This request is no longer pending' },
  request_answered: { status: 409, message: (d) => `This request has already been ${d.status}` },

  // ---------- invitations ----------
  invitee_not_found: { status: 404, message: 'Profile not found' },
  invitee_is_member: { status: 409, message: 'This person is already a member of this team' },
  invitee_not_looking: { status: 409, message: 'This person is not looking for a team' },
  invitation_pending: { status: 409, message: 'This person already has a pending invitation to this team' },
  invitation_not_found: { status: 404, message: 'Invitation not found' },
  invitation_no_longer_pending: { status: 409, message: 'This invitation is no longer pending' },
  invitation_answered: { status: 409, message: (d) => `This invitation has already been ${d.status}` },

  // ---------- events ----------
  event_not_found: { status: 404, message: 'Event not found' },
  slug_taken: { status: 409, message: 'This address is already taken: choose another', field: 'slug' },
  not_event_staff: { status: 403, message: "Only the event's organizers can do this" },
  not_event_owner: { status: 403, message: "Only the event's owners can do this" },
  not_admin: { status: 403, message: 'Only a platform admin can do this' },
  event_dates: { status: 400, message: (d) => String(d.message) },
  last_owner: { status: 409, message: 'An event needs an owner: make someone else an owner first' },
  staff_not_found: { status: 404, message: 'This person is not on the staff' },
  registrant_not_found: { status: 404, message: 'No one taking part in this event has this email', field: 'email' },
  already_staff: { status: 409, message: 'This person is already on the staff' },
  registration_closed: { status: 409, message: (d) => `Registration for ${d.event} is closed` },
  event_not_public: {
    status: 409,
    message: (d) =>
      d.why === 'hidden'
        ? `${d.event} is hidden by a platform admin: no one can take part in it or form teams there`
        : `${d.event} is not published yet: no one can take part in it or form teams there until it is`,
  },
  event_has_participants: {
    status: 409,
    message: (d) => `People take part in ${d.event}: it cannot go back to a draft (a platform admin can hide it)`,
  },
  not_registered: { status: 409, message: (d) => `Take part in ${d.event} first` },
  formation_locked: { status: 409, message: (d) => `Teams in ${d.event} are locked: the team formation deadline has passed` },
  teams_per_person: {
    status: 409,
    message: (d) => `You can be in at most ${d.limit} ${Number(d.limit) === 1 ? 'team' : 'teams'} in ${d.event}`,
  },
  invitee_teams_per_person: {
    status: 409,
    message: (d) => `This person is already in ${d.limit} ${Number(d.limit) === 1 ? 'team' : 'teams'} in ${d.event}, the most it allows`,
  },
  team_size_bounds: {
    status: 400,
    message: (d) => `A team in ${d.event} has between ${d.min} and ${d.max} members`,
    field: 'maxSize',
  },
  // ---------- safety and moderation (docs/product.md#safety) ----------
  /** A block, a 'who may contact me' setting or a ban: the same words, so none of them is revealed. */
  not_accepting_invitations: { status: 409, message: 'This person does not accept invitations from you' },
  not_accepting_requests: { status: 409, message: 'This team does not accept requests from you' },
  request_cooldown: {
    status: 409,
    message: (d) => `This team declined your request: you can ask it again after ${d.until} (its leaders can still invite you)`,
  },
  invitation_cooldown: {
    status: 409,
    message: (d) => `This person declined an invitation from this team: you can invite them again after ${d.until}`,
  },
  too_many_join_requests: { status: 429, message: (d) => `You can send at most ${d.limit} join requests an hour: try again later` },
  too_many_invitations: { status: 429, message: (d) => `You can send at most ${d.limit} invitations an hour: try again later` },
  banned_from_event: { status: 403, message: (d) => `You cannot take part in ${d.event}: a moderator banned you from it` },
  person_not_taking_part: {
    status: 404,
    message: (d) => `This person does not take part in ${d.event}: only people taking part can be put in its teams`,
  },
  person_banned_from_event: {
    status: 409,
    message: (d) => `This person is banned from ${d.event}: a moderator has to lift the ban before they can be in its teams`,
  },
  cannot_block_self: { status: 400, message: 'You cannot block yourself' },
  report_target_not_found: { status: 404, message: 'There is nothing to report here: it may have been removed' },
  cannot_report_self: { status: 400, message: 'You cannot report yourself' },
  report_not_found: { status: 404, message: 'Report not found' },
  moderation_target_not_found: { status: 404, message: 'Not found here: it may have been removed, or it belongs to another event' },
  not_moderator: { status: 403, message: "Only the event's moderators and organizers can do this" },
  ban_target_not_found: { status: 404, message: 'This person does not take part in this event' },
  cannot_ban_staff: { status: 409, message: "A member of the event's staff cannot be banned from it: remove them from the staff first" },
  not_hidden: { status: 409, message: 'This is not hidden' },
  hidden_elsewhere: {
    status: 409,
    message: "Another event's moderators or a platform ban hid this: only they can show it again",
  },
  not_banned: { status: 409, message: 'This person is not banned here' },
  leave_event_locked: { status: 409, message: (d) => `You are in a team in ${d.event}, and its teams are locked: ask an organizer` },
  grouping_in_team: { status: 409, message: (d) => `You are already in a team in ${d.event}: grouping is for people without one` },
  grouping_proposal_not_found: { status: 404, message: 'Proposal not found' },
  grouping_answered: { status: 409, message: (d) => `You have already ${d.answer} this proposal` },
  grouping_expired: { status: 409, message: 'This proposal expired after 48 hours: you are back in the pool for the next round' },
  grouping_team_gone: {
    status: 409,
    message: 'The team of this proposal was deleted, so the proposal ended: you are back in the pool for the next round',
  },
  grouping_run_not_found: { status: 404, message: 'Run not found' },
  grouping_run_busy: { status: 409, message: 'A grouping run is already under way for this event' },
  grouping_run_not_ready: { status: 409, message: (d) => `This run cannot be sent: it is ${d.status}` },
  announcement_no_recipients: { status: 409, message: 'No one is in the group you chose: nothing was sent' },
  // ---------- API tokens ----------
  too_many_tokens: { status: 409, message: (d) => `You have ${d.limit} tokens, the most one person may have: revoke one first` },
  token_not_found: { status: 404, message: 'Token not found' },
  token_event_not_staff: { status: 403, message: 'You can only limit a token to an event you are staff of', field: 'event' },
  token_organize_event: { status: 400, message: 'Only an organize token can be limited to an event', field: 'event' },
  // ---------- webhooks (docs/product.md#webhooks) ----------
  webhook_not_found: { status: 404, message: 'Webhook not found' },
  webhook_delivery_not_found: { status: 404, message: 'Delivery not found' },
  too_many_webhooks: { status: 409, message: (d) => `An event can have at most ${d.max} webhooks` },
  webhook_url_https: { status: 400, message: 'Enter an https:// URL', field: 'url' },
  webhook_url_private: {
    status: 400,
    message: 'This URL points to a private, loopback or link-local address: use a public address',
    field: 'url',
  },
  webhook_url_unresolved: { status: 400, message: "This URL's host name could not be found", field: 'url' },
} satisfies Record<string, RefusalText>;

export type RefusalCode = keyof typeof REFUSALS;

/**
 * The codes of errors that are no rule of the product but the same on every route. An error
 * thrown without a code of its own gets its status's (`STATUS_CODES`), so every error answer
 * carries one (src/server/api/error-codes.test.ts fails on an answer without).
 */
export const GENERAL_ERRORS = {
  invalid_input: 'The input is invalid: `fields` names each invalid field with its message (400)',
  invalid_query: 'A list query holds a value outside its declared limits (400, with `fields`)',
  sign_in_required: 'No session cookie or API token, or one that has ended (401)',
  token_invalid: 'The `Authorization: Bearer` token is unknown, revoked or expired (401)',
  token_scope: "The API token's scopes do not allow this route (403)",
  token_not_accepted: 'This route takes a session cookie, never an API token (403)',
  forbidden: 'Signed in, but not allowed to do this (403)',
  cross_site: "A write sent from another site's page: its Origin is not this site's (403)",
  not_found: 'Not found, or not yours (404)',
  conflict: 'Conflicts with the current state (409)',
  body_too_large: 'The request body is too large (413)',
  unsupported_media_type: 'The body was not sent as application/json, or an upload is not an image (415)',
  too_many_requests: 'Too many attempts or requests: see `Retry-After` (429)',
  unavailable: 'Busy, shutting down or the database briefly unreachable: see `Retry-After` (503)',
  internal: 'Something went wrong on the server (500)',
  // Accounts (sign-in, sign-up and the account routes keep the codes they always had).
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password (401)',
  INVALID_PASSWORD: 'The current password is wrong (400)',
  INVALID_TOKEN: 'A reset or verification link that is invalid, expired or used (400)',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'The account has no password yet (400)',
  EMAIL_ALREADY_VERIFIED: 'The email is already verified (400)',
  PASSWORD_TOO_SHORT: 'The new password is too short (400)',
  PASSWORD_TOO_COMMON: 'The new password is one of the most common (400)',
  PASSWORD_BLANK: 'The password is only spaces (400)',
  INVALID_EMAIL: 'The email is not an email address (400)',
  HASHING_BUSY: 'Too many people signing in at once: see `Retry-After` (503)',
} as const;
export type GeneralErrorCode = keyof typeof GENERAL_ERRORS;

/** The code of an error that has none of its own, by status. */
export const STATUS_CODES: Record<number, GeneralErrorCode> = {
  400: 'invalid_input',
  401: 'sign_in_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_input',
  429: 'too_many_requests',
  500: 'internal',
  503: 'unavailable',
};

export type ErrorCode = RefusalCode | GeneralErrorCode;
/** Every code an error answer can carry: the document lists them (schema `ErrorCode`). */
export const ERROR_CODES = [...Object.keys(REFUSALS), ...Object.keys(GENERAL_ERRORS)] as [ErrorCode, ...ErrorCode[]];
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && (code in REFUSALS || code in GENERAL_ERRORS);
/** The code an error answer carries: its own when it is one of the list, else its status's. */
export const errorCodeOf = (status: number, code?: string): ErrorCode =>
  isErrorCode(code) ? code : (STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'invalid_input'));

/** The status, words and field of a refusal. */
export function refusalText(code: RefusalCode, detail: Detail = {}): { status: RefusalText['status']; message: string; field?: string } {
  const text: RefusalText = REFUSALS[code];
  const message = typeof text.message === 'function' ? text.message(detail) : text.message;
  // A refusal about one of several fields names it in its detail.
  const field = typeof detail.field === 'string' ? detail.field : text.field;
  return { status: text.status, message, field };
}
