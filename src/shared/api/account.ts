/**
 * The account beyond sign-in (docs/decisions/013-accounts.md): social sign-in and its callback,
 * forgotten passwords, changing the password or the email, the account's sessions, downloading
 * one's data, and deleting the account.
 */
import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../constants';
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SocialSignInSchema,
} from '../schemas';
import { DateTime, defineRoute, errors, json, jsonBody, jsonBodyErrors, signedIn } from './contract';
import { NotificationDataSchema } from './notifications';

const AUTH = 'Accounts';

const Done = z.strictObject({ message: z.string().meta({ description: 'What happened, in words to show' }) }).meta({ id: 'Done' });

const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
});

export const AccountInfoSchema = z
  .strictObject({
    email: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean().meta({ description: 'Whether the account signs in with a password (else only with a provider)' }),
    providers: z.array(z.enum(SOCIAL_PROVIDERS)).meta({ description: 'Social sign-in providers linked to the account' }),
  })
  .meta({ id: 'AccountInfo' });
export type AccountInfo = z.infer<typeof AccountInfoSchema>;

export const SessionItemSchema = z
  .strictObject({
    id: z.string(),
    device: z.string().meta({ description: "The browser and system, e.g. 'Chrome on Linux'", example: 'Firefox on Windows' }),
    createdAt: DateTime,
    lastActiveAt: DateTime,
    current: z.boolean().meta({ description: 'This device: the session of the request' }),
  })
  .meta({ id: 'SessionItem' });
export type SessionItem = z.infer<typeof SessionItemSchema>;

const ExportProfileSchema = z.record(z.string(), z.unknown());

export const AccountDataSchema = z
  .strictObject({
    exportedAt: DateTime,
    account: z.strictObject({ email: z.string(), emailVerified: z.boolean(), createdAt: DateTime, providers: z.array(z.string()) }),
    profile: ExportProfileSchema.nullable().meta({ description: 'The profile as it is stored, with its skills' }),
    memberships: z.array(
      z.strictObject({ teamId: z.string(), teamName: z.string(), role: z.string(), isLeader: z.boolean(), joinedAt: DateTime }),
    ),
    joinRequests: z.array(
      z.strictObject({
        id: z.string(),
        teamId: z.string().nullable(),
        teamName: z.string(),
        position: z.string(),
        message: z.string(),
        status: z.string(),
        createdAt: DateTime,
        respondedAt: DateTime.nullable(),
      }),
    ),
    invitations: z.array(
      z.strictObject({
        id: z.string(),
        teamId: z.string(),
        teamName: z.string(),
        role: z.string(),
        message: z.string(),
        status: z.string(),
        createdAt: DateTime,
        respondedAt: DateTime.nullable(),
      }),
    ),
    notifications: z.array(
      z.strictObject({
        kind: z.string(),
        text: z.string(),
        data: NotificationDataSchema,
        createdAt: DateTime,
        readAt: DateTime.nullable(),
      }),
    ),
  })
  .meta({ id: 'AccountData', description: 'Everything the product keeps about the account, as a download' });
export type AccountData = z.infer<typeof AccountDataSchema>;

const ProviderParam = z.object({ provider: z.enum(SOCIAL_PROVIDERS, { message: 'Not found' }).meta({ description: 'github or discord' }) });

export const accountApi = {
  signInSocial: defineRoute({
    method: 'post',
    path: '/api/auth/sign-in/social',
    tags: [AUTH],
    summary: 'Start a social sign-in',
    description:
      "Answers the provider's address to send the browser to. The provider sends it back to `/api/auth/callback/{provider}`, which signs in and goes on to `/auth/callback?redirectTo=...`, or to `/login` with `error` and `error_description`. A provider that is not configured answers 400.",
    request: { body: jsonBody(SocialSignInSchema) },
    responses: {
      200: json(z.strictObject({ url: z.string() }), 'Where to send the browser (sets a short-lived state cookie)'),
      ...errors(...jsonBodyErrors, 429),
    },
  }),
  callback: defineRoute({
    method: 'get',
    path: '/api/auth/callback/{provider}',
    tags: [AUTH],
    summary: 'Return from a social provider',
    description:
      'Where the provider sends the browser back. Signs in (the first time, creates the account and its profile; an account with the same email, verified by the provider, is linked) and redirects; every failure redirects to `/login` with `provider`, `error` and `error_description`.',
    request: {
      params: ProviderParam,
      query: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
        error_description: z.string().optional(),
      }),
    },
    responses: { 302: redirect('Signed in, or back to /login with the error'), ...errors(400, 404) },
  }),
  forgotPassword: defineRoute({
    method: 'post',
    path: '/api/auth/forgot-password',
    tags: [AUTH],
    summary: 'Email a password reset link',
    description: 'Sends a link that works for one hour, once. The answer is the same whether or not the address has an account.',
    request: { body: jsonBody(ForgotPasswordSchema) },
    responses: { 200: json(Done, 'The same answer for every address'), ...errors(...jsonBodyErrors, 429) },
  }),
  resetPassword: defineRoute({
    method: 'post',
    path: '/api/auth/reset-password',
    tags: [AUTH],
    summary: 'Set a new password with a reset link',
    description:
      'Sets the password (the sign-up rules apply) and signs out every session of the account. A link used before, expired or unknown answers 400.',
    request: { body: jsonBody(ResetPasswordSchema) },
    responses: { 200: json(Done, 'The password was changed'), ...errors(...jsonBodyErrors, 429, 503) },
  }),
  verifyEmail: defineRoute({
    method: 'get',
    path: '/api/auth/verify-email',
    tags: [AUTH],
    summary: 'Confirm an email address',
    description:
      "The link of an email. Sent at sign-up (and again on request): marks the account's email verified and goes to /profile (with `emailVerified=1`, or `verifyError`). Sent to a new address: changes the account's email, which is then verified, and goes to the Settings tab (with `emailChanged=1`, or `emailError`).",
    request: { query: z.object({ token: z.string().optional() }) },
    responses: { 302: redirect('To /profile, or its Settings tab'), ...errors(400) },
  }),
  sendVerificationEmail: defineRoute({
    method: 'post',
    path: '/api/auth/send-verification-email',
    tags: [AUTH],
    summary: 'Email a new link to verify the address',
    description:
      "Sends the signed-in account's email a link that verifies it (one hour). Until verified, the account works, but no GitHub or Discord account joins it by that address. An address already verified answers 400; at most three links an hour.",
    security: signedIn,
    responses: { 200: json(Done, 'A link is on its way'), ...errors(400, 401, 403, 429) },
  }),
  account: defineRoute({
    method: 'get',
    path: '/api/auth/account',
    tags: [AUTH],
    summary: 'The signed-in account',
    description:
      'The account behind the session: its email, whether it is verified, whether it has a password, and the providers linked to it.',
    security: signedIn,
    responses: { 200: json(AccountInfoSchema, 'The account'), ...errors(401) },
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/api/auth/change-password',
    tags: [AUTH],
    summary: 'Change the password',
    description:
      "Needs the current password; signs out every other session. Wrong current passwords count towards the account's sign-in limit.",
    security: signedIn,
    request: { body: jsonBody(ChangePasswordSchema) },
    responses: { 200: json(Done, 'Changed (Set-Cookie: a new session for this device)'), ...errors(...jsonBodyErrors, 401, 429, 503) },
  }),
  changeEmail: defineRoute({
    method: 'post',
    path: '/api/auth/change-email',
    tags: [AUTH],
    summary: 'Change the email',
    description:
      'Sends a confirmation link to the new address; the email changes when it is opened. An address in use by another account gets no link, and the answer does not say so.',
    security: signedIn,
    request: { body: jsonBody(ChangeEmailSchema) },
    responses: { 200: json(Done, 'A link was sent to the new address'), ...errors(...jsonBodyErrors, 401, 429) },
  }),
  sessions: defineRoute({
    method: 'get',
    path: '/api/auth/sessions',
    tags: [AUTH],
    summary: "The account's sessions",
    description: 'Every device signed in to the account, the most recently active first.',
    security: signedIn,
    responses: { 200: json(z.strictObject({ items: z.array(SessionItemSchema) }), 'The sessions'), ...errors(401) },
  }),
  revokeSession: defineRoute({
    method: 'delete',
    path: '/api/auth/sessions/{id}',
    tags: [AUTH],
    summary: 'Sign out one session',
    description: "Ends the session at once. Another account's session, or an unknown id, answers 404.",
    security: signedIn,
    request: {
      params: z.object({
        id: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Session not found')
          .meta({ description: 'The session id' }),
      }),
    },
    responses: { 204: { description: 'Signed out' }, ...errors(401, 404) },
  }),
  revokeOtherSessions: defineRoute({
    method: 'post',
    path: '/api/auth/sessions/sign-out-others',
    tags: [AUTH],
    summary: 'Sign out everywhere else',
    description: 'Ends every session of the account but the one making this request, and answers how many ended.',
    security: signedIn,
    responses: { 200: json(z.strictObject({ signedOut: z.number().int() }), 'How many sessions ended'), ...errors(401) },
  }),
  exportData: defineRoute({
    method: 'get',
    path: '/api/auth/account/data',
    tags: [AUTH],
    summary: 'Download my data',
    description:
      'A JSON file (Content-Disposition: attachment) of the account, profile, skills, memberships, join requests, invitations and notifications.',
    security: signedIn,
    responses: { 200: json(AccountDataSchema, 'The data'), ...errors(401) },
  }),
  deleteAccount: defineRoute({
    method: 'post',
    path: '/api/auth/delete-account',
    tags: [AUTH],
    summary: 'Delete the account',
    description:
      "Needs the password (an account without one: a provider sign-in in the last 10 minutes) and `confirm: 'delete my account'`. Removes the account, profile, avatar, sessions, requests and invitations in one transaction; a team the person leads alone goes to its longest-standing member, or is deleted when it has none; everyone affected is notified.",
    security: signedIn,
    request: { body: jsonBody(DeleteAccountSchema) },
    responses: { 200: json(Done, 'Deleted (the session cookie is cleared)'), ...errors(...jsonBodyErrors, 401, 403, 429, 503) },
  }),
};
