/**
 * Accounts and sessions: better-auth with email + password, sessions as database rows,
 * the cookie holding an opaque token (HttpOnly, SameSite=Lax, Secure behind HTTPS).
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PASSWORD_MIN, RESET_LINK_HOURS } from '../../shared/constants';
import { newAddressMail, resetPasswordMail, verificationClaims, verifyAddressMail } from './account-mail';
import { PASSWORD_BLANK_MESSAGE } from '../../shared/schemas';
import type { Db } from '../db/client';
import { defaultLogger, type Logger } from '../platform/log';
import { createMailer, type Mailer } from '../platform/mail';
import { accounts, sessions, users, verifications } from '../db/schema';
import { credentialPasswordHash, dropUnprovenPassword, keptSetting, replaceCredentialPasswordHash } from './auth.repo';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { PER_ADDRESS } from './attempt-limits.repo';
import { ensureProfile } from './ensure-profile';
import { profileIdOfUser } from '../features/profiles';
import { isBanned } from '../features/safety';
import { createSessionLookup, type SessionViewer } from './session-lookup';
import { createHashLimiter, type HashLimiter, HashingBusy } from './hash-limiter';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { configuredProviders, socialProviderConfigs, type SocialSettings } from './social';

export interface AuthOptions {
  secret: string;
  /** The sign-in and sign-up attempt limits (attempt-limits.repo.ts); off in tests and benchmarks. */
  rateLimit: boolean;
  /** Attempts per client address in one window (default PER_ADDRESS.max). */
  attemptsPerAddress?: number;
  trustedOrigins: string[];
  /** Limits on password hashing (default: max(1, cores - 1) at once, 20 waiting per slot). */
  hashing?: HashLimiter;
  /** Where errors go (better-auth's own included). */
  log?: Logger;
  /** GitHub and Discord sign-in, when configured; PUBLIC_URL. */
  social?: SocialSettings;
  /** Where password reset and email change links go (default: the log). */
  mailer?: Mailer;
}

/** How long a session counts as a fresh sign-in, for deleting an account that has no password. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/** better-auth's code for a refused hash; our route turns it into 503 with Retry-After. */
export const HASHING_BUSY = 'HASHING_BUSY';

/** Runs a hash within the limits; a full queue becomes a 503 APIError with Retry-After. */
async function limited<T>(hashing: HashLimiter, task: () => Promise<T>): Promise<T> {
  try {
    return await hashing.run(task);
  } catch (err) {
    if (!(err instanceof HashingBusy)) throw err;
    throw new APIError(
      'SERVICE_UNAVAILABLE',
      { code: HASHING_BUSY, message: err.message },
      { 'Retry-After': String(err.retryAfterSeconds) },
    );
  }
}

/** better-auth's codes for a new password refused by our rules; our route puts them on the password field. */
export const PASSWORD_TOO_COMMON = 'PASSWORD_TOO_COMMON';
export const PASSWORD_BLANK = 'PASSWORD_BLANK';

/** Where each endpoint that sets a password takes the new one: sign-up, and those the product does not route today. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Every password being set is checked before anything is hashed or written: not only whitespace,
 * and not one of the most common passwords (common-passwords.ts). Sign-in is not checked, so an
 * account made before these rules still signs in.
 */
const refuseWeakNewPassword = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELD[ctx.path];
  const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof password !== 'string') return;
  if (password.trim() === '') throw new APIError('BAD_REQUEST', { code: PASSWORD_BLANK, message: PASSWORD_BLANK_MESSAGE });
  if (await isCommonPassword(password)) throw new APIError('BAD_REQUEST', { code: PASSWORD_TOO_COMMON, message: COMMON_PASSWORD_MESSAGE });
});

/** A session lasts 30 days, moved on at most once a day while it is used (seconds). */
const SESSION_LIFETIME = { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 };

export function createAuth(db: Db, opts: AuthOptions) {
  const hashing = opts.hashing ?? createHashLimiter();
  const log = opts.log ?? defaultLogger;
  const mailer = opts.mailer ?? createMailer({ log });
  const social = opts.social ?? {};
  const providers = socialProviderConfigs(social);

  /**
   * A link to a page of this site (an email, an export): on PUBLIC_URL when set (it must be when
   * mail goes out over SMTP, see env.ts), else on the origin the client sees (`c.var.client.origin`:
   * https behind a TLS proxy) or the request came to (a developer's machine).
   */
  const linkTo = (path: string, from: Request | string | undefined): string =>
    `${social.publicUrl ?? (typeof from === 'string' ? from : from ? new URL(from.url).origin : 'http://localhost:3000')}${path}`;

  /**
   * After a successful sign-in, a stored hash in an older format (better-auth's scrypt) is
   * replaced by an argon2id one of the password that was just verified. The update is conditional
   * on the old hash still being there, so two sign-ins at once write one new hash. It never fails
   * the sign-in: when the hashing queue is full, the next sign-in upgrades it.
   */
  const upgradeHashOnSignIn = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return;
    const userId = ctx.context.newSession?.user.id;
    const password = (ctx.body as { password?: unknown } | undefined)?.password;
    if (!userId || typeof password !== 'string') return;
    try {
      const stored = await credentialPasswordHash(db, userId);
      if (!stored || !needsRehash(stored)) return;
      await replaceCredentialPasswordHash(db, userId, stored, await hashing.run(() => hashPassword(password)));
    } catch (err) {
      if (!(err instanceof HashingBusy)) log.error({ err }, 'upgrading a password hash');
    }
  });

  const auth = betterAuth({
    secret: opts.secret,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      autoSignIn: true,
      // argon2id, within the hashing limits (docs/decisions/009); old scrypt hashes still verify.
      password: {
        hash: (password) => limited(hashing, () => hashPassword(password)),
        verify: ({ hash, password }) => limited(hashing, () => verifyPassword(hash, password)),
      },
      // A reset link works for an hour, once, and a new password signs out every session.
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        mailer.send(resetPasswordMail(user.email, token, (path) => linkTo(path, request)));
      },
    },
    emailVerification: {
      expiresIn: RESET_LINK_HOURS * 3600,
      // Every sign-up gets a link that verifies its address (docs/decisions/017); opening it signs nobody in.
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      // The same hook sends the link of a change of email, to the new address.
      sendVerificationEmail: async ({ user, token }, request) => {
        const link = (path: string) => linkTo(path, request);
        mailer.send(
          verificationClaims(token).updateTo ? newAddressMail(user.email, token, link) : verifyAddressMail(user.email, token, link),
        );
      },
    },
    account: {
      // A provider account whose email the provider verified joins the account with that email once
      // the account has verified it too (docs/decisions/013-accounts.md, 017); otherwise the sign-in fails.
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true, allowDifferentEmails: false },
    },
    // Failures that happen before better-auth knows where to send them (a bad state) land on /login too.
    onAPIError: { errorURL: '/login' },
    plugins: providers.length ? [genericOAuth({ config: providers })] : [],
    hooks: { before: refuseWeakNewPassword, after: upgradeHashOnSignIn },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        // From a GitHub sign-in; our own routes never pass it from a request.
        githubUrl: { type: 'string', required: false },
      },
      changeEmail: { enabled: true },
    },
    session: SESSION_LIFETIME,
    // Same-origin requests are always trusted; more origins come from TRUSTED_ORIGINS.
    trustedOrigins: (request) => [...opts.trustedOrigins, request ? new URL(request.url).origin : undefined],
    // Our routes limit attempts, in the database, per address and per account (attempt-limits.repo.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // better-auth's own errors, as our log lines (its message only: its extra arguments may hold request data).
    logger: { level: 'error', log: (level, message) => log[level]({ source: 'better-auth' }, message) },
    // The client address is set by our own route (see auth.routes.ts), never taken from the client.
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-client-address'] },
      // Checked under tests too (better-auth skips it there by default), so tests see what a script sees.
      disableOriginCheck: false,
      // A session and its user in one statement (the relations in schema.ts), on every signed-in request.
      database: { joins: true },
    },
    databaseHooks: {
      // A profile exists from the first session on, for sign-up and sign-in alike (docs/product.md#accounts-and-sessions).
      session: {
        create: {
          // A person banned from the platform cannot sign in (docs/product.md#moderation).
          before: async (session) => {
            const profileId = await profileIdOfUser(db, session.userId);
            if (profileId && (await isBanned(db, profileId, null))) {
              throw new APIError('FORBIDDEN', { message: 'This account was banned from HackTeams by its admins', code: 'BANNED' });
            }
          },
          after: async (session) => {
            await ensureProfile(db, session.userId);
          },
        },
      },
      // A second line behind requireLocalEmailVerified: should a provider ever join an account whose
      // email was never proven, its password and sessions go (docs/decisions/013-accounts.md).
      account: {
        create: {
          after: async (account) => {
            if (account.providerId !== 'credential') await dropUnprovenPassword(db, account.userId);
          },
        },
      },
    },
  });
  let lookup: ReturnType<typeof createSessionLookup> | undefined;
  /** The signed-in user of a request and their profile id, or null (getViewer in http.ts). */
  const viewerOf = async (headers: Headers): Promise<SessionViewer | null> => {
    const cookie = headers.get('cookie');
    if (!cookie) return null;
    if (!lookup) {
      const context = await auth.$context;
      lookup = createSessionLookup(db, { secret: context.secret, cookieName: context.authCookies.sessionToken.name, ...SESSION_LIFETIME });
    }
    const found = await lookup(cookie);
    if (found !== 'ask-better-auth') return found;
    const session = await auth.api.getSession({ headers });
    return session
      ? {
          sessionId: session.session.id,
          userId: session.user.id,
          email: session.user.email,
          emailVerified: session.user.emailVerified,
          profileId: await profileIdOfUser(db, session.user.id),
        }
      : null;
  };
  // Our sign-in and sign-up routes are admitted through the same limits (auth.routes.ts).
  return Object.assign(auth, {
    viewerOf,
    /** Signs the device marks of sign-in-limits.ts. */
    secret: opts.secret,
    linkTo,
    hashing,
    mailer,
    socialProviders: configuredProviders(social),
    attemptLimits: opts.rateLimit,
    perAddress: { ...PER_ADDRESS, max: opts.attemptsPerAddress ?? PER_ADDRESS.max },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or a secret generated once and kept in the database for every instance. */
export async function resolveAuthSecret(db: Db, fromEnv?: string): Promise<string> {
  return fromEnv ?? keptSetting(db, 'auth_secret', randomBytes(32).toString('base64url'));
}
