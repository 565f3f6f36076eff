/**
 * Accounts and sessions: sign-up, sign-in, sign-out and the session, plus /api/me (who is signed
 * in, with the short profile the navigation bar shows). The session lives in an HttpOnly cookie;
 * no answer carries the session token.
 */
import { z } from 'zod';
import { SignInSchema, SignUpSchema } from '../schemas';
import { DateTime, defineRoute, errors, json, jsonBody, jsonBodyErrors, NullableText, Uuid, optionalSession } from './contract';

export const AccountSchema = z
  .strictObject({
    id: z.string(),
    email: z.string().meta({ example: 'ada@example.com' }),
    name: z.string().meta({ example: 'Ada Lovelace' }),
  })
  .meta({ id: 'Account' });

export const SignedInSchema = z.strictObject({ user: AccountSchema }).meta({ id: 'SignedIn' });

export const SessionSchema = z
  .strictObject({
    session: z.strictObject({ id: z.string(), expiresAt: DateTime, createdAt: DateTime }),
    user: AccountSchema,
  })
  .nullable()
  .meta({ id: 'Session', description: 'The current session, or null when signed out' });

export const MeSchema = z
  .strictObject({
    user: z.strictObject({ id: z.string(), email: z.string() }).nullable(),
    profile: z
      .strictObject({
        id: Uuid,
        firstName: z.string(),
        lastName: z.string(),
        preferredName: NullableText,
        name: z.string(),
        avatarUrl: NullableText,
      })
      .nullable(),
  })
  .meta({ id: 'Me', description: 'Who is signed in (both null when nobody is)' });
export type Me = z.infer<typeof MeSchema>;

const AUTH = 'Accounts';
const signInErrors = errors(...jsonBodyErrors, 401, 403, 429, 503);

export const authApi = {
  signUp: defineRoute({
    method: 'post',
    path: '/api/auth/sign-up/email',
    tags: [AUTH],
    summary: 'Create an account',
    description:
      'Creates the account and its profile, signs in (the answer sets the session cookie) and emails a link that verifies the address. An email already in use gets the same answer without a session (and its owner an email saying they already have an account), so the answer does not tell whether an address is registered (docs/decisions/017). When too many people sign in or up at once, 503 with `Retry-After`.',
    request: { body: jsonBody(SignUpSchema) },
    responses: { 200: json(SignedInSchema, 'Signed up (Set-Cookie when the account is new)'), ...errors(...jsonBodyErrors, 403, 429, 503) },
  }),
  signIn: defineRoute({
    method: 'post',
    path: '/api/auth/sign-in/email',
    tags: [AUTH],
    summary: 'Sign in',
    description:
      "Sets the session cookie. Wrong email or password answers 401 'Invalid email or password'; repeated attempts from one address answer 429; when too many people sign in at once, 503 with `Retry-After`.",
    request: { body: jsonBody(SignInSchema) },
    responses: { 200: json(SignedInSchema, 'Signed in (Set-Cookie)'), ...signInErrors },
  }),
  signOut: defineRoute({
    method: 'post',
    path: '/api/auth/sign-out',
    security: optionalSession,
    tags: [AUTH],
    summary: 'Sign out',
    description: 'Ends the session and clears the cookie. Any body is ignored.',
    responses: { 200: json(z.strictObject({ success: z.boolean() }), 'Signed out'), ...errors(400, 401, 403) },
  }),
  session: defineRoute({
    method: 'get',
    path: '/api/auth/get-session',
    security: optionalSession,
    tags: [AUTH],
    summary: 'The current session',
    description:
      'The session the cookie names, with its account; null when there is none or it has ended. The session token itself is never in the answer.',
    responses: { 200: json(SessionSchema, 'The session, or null'), ...errors(401, 429) },
  }),
  me: defineRoute({
    method: 'get',
    path: '/api/me',
    security: optionalSession,
    tags: [AUTH],
    summary: 'Who is signed in',
    description: 'Never 401: both fields are null when nobody is signed in.',
    responses: { 200: json(MeSchema, 'The user and their short profile') },
  }),
};
