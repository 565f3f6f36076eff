/**
 * The account routes of the contract (src/shared/api/account.ts, docs/decisions/013-accounts.md):
 * social sign-in through better-auth's genericOAuth providers, password reset, change of password
 * and email, sessions, the data download and deleting the account. As for sign-in, only these
 * endpoints of better-auth are reachable, each behind our validation, limits and error shape.
 */
import { accountApi } from '../../shared/api/account';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '../../shared/constants';
import { SESSION_COOKIE } from '../../shared/api/contract';
import type { Db } from '../db/client';
import { allNotificationsOf, forgetPerson, notify } from '../features/notifications';
import { deleteProfile, getOwnProfile, lockProfile } from '../features/profiles';
import { handOverEventsOf } from '../features/events';
import { leaveAllTeams, teamDataOf } from '../features/teams';
import { deleteTokensOf } from '../features/tokens';
import { ApiError, type AppContext, requireViewer, type Viewer } from '../api/http';
import { createRouter, guarded } from '../api/openapi';
import { countAttempt } from './attempt-limits.repo';
import { liftPasswordLocks, withinPasswordLimits } from './sign-in-limits';
import { FRESH_SIGN_IN_MS } from './auth';
import {
  accountOf,
  credentialPasswordHash,
  accountOfResetToken,
  markEmailVerified,
  deleteOtherSessions,
  deleteSession,
  deleteUser,
  sessionsOf,
} from './auth.repo';
import { admitted, callAuth, forwardToAuth, hashInTurn, limitAddress, passAuthHeaders, seconds } from './auth.routes';
import { verificationClaims } from './account-mail';
import { verifyPassword } from './password';
import { describeUserAgent } from './user-agent';

/** Reset links asked for one address in an hour; past it, no more mail goes out (the answer does not change). */
const RESET_MAILS = { max: 3, windowSeconds: 3600 };
/** Links to verify the address one account may ask for in an hour. */
const VERIFY_MAILS = { max: 3, windowSeconds: 3600 };
/** Email change links one account may ask for in an hour. */
const EMAIL_CHANGES = { max: 5, windowSeconds: 3600 };

/**
 * Words for the failures better-auth reports by code in its redirect to /login, when the provider
 * gave no description of its own. {provider} is the provider's name.
 */
const SOCIAL_ERRORS: Record<string, string> = {
  account_not_linked:
    'An account with this email already exists. {provider} can sign in to it once both {provider} and the account have verified the address: sign in with your password and verify your email from your profile, then try again.',
  email_not_found: '{provider} did not share an email address. Add a verified email address to your {provider} account and try again.',
  state_not_found: 'The sign-in could not be matched to this browser. Please start it again from this page.',
  state_mismatch: 'The sign-in could not be matched to this browser. Please start it again from this page.',
  invalid_callback_request: 'The sign-in could not be matched to this browser. Please start it again from this page.',
  invalid_code: '{provider} did not confirm the sign-in.',
  unable_to_get_user_info: '{provider} did not tell us who you are.',
  access_denied: 'You cancelled the sign-in.',
};

/** The provider's redirect back to /login, with the provider named and a description for the error. */
function loginErrorLocation(location: string | null, provider: SocialProvider): string {
  const url = new URL(location ?? '/login', 'http://local');
  if (url.pathname !== '/login') return location ?? '/login';
  url.searchParams.set('provider', provider);
  const error = url.searchParams.get('error') ?? 'server_error';
  url.searchParams.set('error', error);
  if (!url.searchParams.get('error_description')) {
    const words = SOCIAL_ERRORS[error];
    if (words) url.searchParams.set('error_description', words.replaceAll('{provider}', SOCIAL_PROVIDER_NAMES[provider]));
  }
  return `${url.pathname}${url.search}`;
}

/** A redirect better-auth answered, or null. */
const locationOf = (res: Response) => (res.status >= 300 && res.status < 400 ? res.headers.get('location') : null);

/** The current session of the request (its id and when it began); 401 without one. */
async function currentSession(c: AppContext) {
  const data = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  if (!data) throw new ApiError(401, 'Please sign in to continue');
  return data.session;
}

/**
 * Deletes the account in one transaction: the person leaves their teams (handed over or deleted,
 * everyone affected told), the events they alone own pass to their other staff, they disappear from
 * everyone's notifications, and the profile (with its skills, avatar, requests and invitations) and
 * the user (with sessions and sign-in accounts) go.
 */
async function deleteAccount(db: Db, viewer: Viewer): Promise<void> {
  await db.transaction(async (tx) => {
    if (viewer.profileId) {
      // The person before their teams and events, as every write that involves them (db/people.ts lockPerson).
      await lockProfile(tx, viewer.profileId);
      await leaveAllTeams(tx, viewer.profileId);
      const newOwners = await handOverEventsOf(tx, viewer.profileId);
      await notify(
        tx,
        newOwners.map((o) => ({
          profileId: o.profileId,
          kind: 'event_handed_over' as const,
          data: { eventSlug: o.slug, eventName: o.name },
        })),
      );
      await forgetPerson(tx, viewer.profileId);
      await deleteProfile(tx, viewer.profileId);
    }
    await deleteUser(tx, viewer.userId);
  });
}

/** Clears the session cookie (edge.ts names it __Secure- over HTTPS). */
function clearSessionCookie(c: AppContext) {
  c.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`, { append: true });
}

export const accountRoutes = createRouter()
  .openapi(guarded(accountApi.signInSocial), async (c) => {
    const { provider, redirectTo = '/profile' } = c.req.valid('json');
    if (!c.var.auth.socialProviders.includes(provider)) {
      const message = `${SOCIAL_PROVIDER_NAMES[provider]} sign-in is not configured on this server`;
      throw new ApiError(400, message, { provider: message });
    }
    const back = encodeURIComponent(redirectTo);
    const data = await callAuth(c, {
      provider,
      callbackURL: `/auth/callback?redirectTo=${back}`,
      errorCallbackURL: `/login?provider=${provider}&redirectTo=${back}`,
      disableRedirect: true,
    });
    return c.json({ url: String(data.url) }, 200);
  })
  .openapi(accountApi.callback, async (c) => {
    const { provider } = c.req.valid('param');
    let location: string | null;
    try {
      const res = await forwardToAuth(c);
      passAuthHeaders(c, res);
      location = locationOf(res);
      if (!location) c.var.log.warn({ status: res.status, provider }, 'social sign-in callback did not redirect');
    } catch (err) {
      c.var.log.error({ err, provider }, 'social sign-in callback failed');
      location = null;
    }
    // Signed in: on to /auth/callback. Anything else: /login, saying what went wrong.
    const signedIn = location !== null && new URL(location, 'http://local').pathname !== '/login';
    const to = signedIn ? location! : loginErrorLocation(location ?? '/login?error=server_error', provider);
    return c.redirect(to, 302);
  })
  .openapi(guarded(accountApi.forgotPassword), async (c) => {
    const { email } = c.req.valid('json');
    await limitAddress(c);
    const verdict = c.var.auth.attemptLimits ? await countAttempt(c.var.db, `reset:${email}`, RESET_MAILS) : { allowed: true };
    // Past the limit for this address nothing is sent, and the answer is the same.
    if (verdict.allowed) await callAuth(c, { email, redirectTo: '/reset-password' }, '/api/auth/request-password-reset');
    return c.json({ message: 'If an account uses this email, a link to reset its password is on its way. It works for one hour.' }, 200);
  })
  .openapi(guarded(accountApi.resetPassword), async (c) => {
    const input = c.req.valid('json');
    await limitAddress(c);
    // Read before the reset consumes the token: whose account it opens.
    const owner = await accountOfResetToken(c.var.db, input.token);
    await admitted(c, () => callAuth(c, input));
    if (owner) {
      // The link reached the mailbox: the address is proven, and nobody stays locked out. Its API tokens
      // go with the sessions: whoever held the account before (someone who signed up with this address
      // first, or took the old password) may have made some.
      await markEmailVerified(c.var.db, owner.userId, owner.email);
      await liftPasswordLocks(c, owner.email);
      await deleteTokensOf(c.var.db, owner.userId);
    }
    return c.json(
      {
        message:
          'Your password was changed, every device signed in to your account was signed out and its API tokens were revoked. Sign in with your new password.',
      },
      200,
    );
  })
  .openapi(accountApi.verifyEmail, async (c) => {
    const { token } = c.req.valid('query');
    // A change of email lands on Settings; the link of a sign-up on the profile, where its banner was.
    const claims = token ? verificationClaims(token) : {};
    const landing = claims.updateTo
      ? { path: '/profile?tab=settings', done: 'emailChanged', failed: 'emailError' }
      : { path: '/profile', done: 'emailVerified', failed: 'verifyError' };
    let location: string | null = null;
    if (token) {
      try {
        const res = await forwardToAuth(
          c,
          undefined,
          `/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(landing.path)}`,
        );
        passAuthHeaders(c, res);
        location = locationOf(res);
      } catch (err) {
        c.var.log.error({ err }, 'confirming an email address failed');
      }
    }
    const url = new URL(location ?? `${landing.path}${landing.path.includes('?') ? '&' : '?'}error=INVALID_TOKEN`, 'http://local');
    const error = url.searchParams.get('error');
    url.searchParams.delete('error');
    url.searchParams.set(error ? landing.failed : landing.done, error ? error.toLowerCase() : '1');
    // The link reached the new address: it is proven (better-auth keeps the old address's state).
    if (!error && claims.updateTo && claims.userId) await markEmailVerified(c.var.db, claims.userId, claims.updateTo);
    return c.redirect(`/profile${url.search}`, 302);
  })
  .openapi(guarded(accountApi.sendVerificationEmail), async (c) => {
    const viewer = await requireViewer(c);
    if (c.var.auth.attemptLimits) {
      const verdict = await countAttempt(c.var.db, `verify-mail:${viewer.userId}`, VERIFY_MAILS);
      if (!verdict.allowed)
        throw ApiError.retryLater(
          429,
          `You asked for several links already. Please try again in ${seconds(verdict.retryAfterSeconds)}.`,
          verdict.retryAfterSeconds,
        );
    }
    await callAuth(c, { email: viewer.email, callbackURL: '/profile' }, '/api/auth/send-verification-email');
    return c.json({ message: `We sent a new link to ${viewer.email}. It works for one hour.` }, 200);
  })
  .openapi(guarded(accountApi.account), async (c) => {
    const viewer = await requireViewer(c);
    const account = await accountOf(c.var.db, viewer.userId);
    if (!account) throw new ApiError(401, 'Please sign in to continue');
    const providers = account.providers.filter((p): p is SocialProvider => p === 'github' || p === 'discord');
    return c.json({ email: account.email, emailVerified: account.emailVerified, hasPassword: account.hasPassword, providers }, 200);
  })
  .openapi(guarded(accountApi.changePassword), async (c) => {
    const viewer = await requireViewer(c);
    const input = c.req.valid('json');
    await withinPasswordLimits(
      c,
      viewer.email,
      () => admitted(c, () => callAuth(c, { ...input, revokeOtherSessions: true })),
      (err) => err instanceof ApiError && err.code === 'INVALID_PASSWORD',
    );
    return c.json({ message: 'Password changed. Your other devices were signed out.' }, 200);
  })
  .openapi(guarded(accountApi.changeEmail), async (c) => {
    const viewer = await requireViewer(c);
    const { newEmail } = c.req.valid('json');
    if (newEmail === viewer.email.toLowerCase())
      throw new ApiError(400, 'This is already your email', { newEmail: 'This is already your email' });
    if (c.var.auth.attemptLimits) {
      const verdict = await countAttempt(c.var.db, `change-email:${viewer.userId}`, EMAIL_CHANGES);
      if (!verdict.allowed)
        throw ApiError.retryLater(
          429,
          `Too many email changes. Please try again in ${seconds(verdict.retryAfterSeconds)}.`,
          verdict.retryAfterSeconds,
        );
    }
    await callAuth(c, { newEmail }, '/api/auth/change-email');
    return c.json({ message: `We sent a link to ${newEmail}. Your email changes when you open it (within an hour).` }, 200);
  })
  .openapi(guarded(accountApi.sessions), async (c) => {
    const viewer = await requireViewer(c);
    const current = await currentSession(c);
    const rows = await sessionsOf(c.var.db, viewer.userId);
    const items = rows.map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.updatedAt.toISOString(),
      current: s.id === current.id,
    }));
    // This device first, then the most recently active.
    items.sort((a, b) => Number(b.current) - Number(a.current));
    return c.json({ items }, 200);
  })
  .openapi(guarded(accountApi.revokeSession), async (c) => {
    const viewer = await requireViewer(c);
    const { id } = c.req.valid('param');
    if (!(await deleteSession(c.var.db, viewer.userId, id))) throw new ApiError(404, 'Session not found');
    return c.body(null, 204);
  })
  .openapi(guarded(accountApi.revokeOtherSessions), async (c) => {
    const viewer = await requireViewer(c);
    const current = await currentSession(c);
    return c.json({ signedOut: await deleteOtherSessions(c.var.db, viewer.userId, current.id) }, 200);
  })
  .openapi(guarded(accountApi.exportData), async (c) => {
    const viewer = await requireViewer(c);
    const account = await accountOf(c.var.db, viewer.userId);
    if (!account) throw new ApiError(401, 'Please sign in to continue');
    const profile = viewer.profileId ? await getOwnProfile(c.var.db, viewer.profileId) : null;
    const teams = viewer.profileId ? await teamDataOf(c.var.db, viewer.profileId) : { memberships: [], joinRequests: [], invitations: [] };
    const notifications = viewer.profileId ? await allNotificationsOf(c.var.db, viewer.profileId) : [];
    c.header('content-disposition', 'attachment; filename="hackteams-my-data.json"');
    return c.json(
      {
        exportedAt: new Date().toISOString(),
        account: {
          email: account.email,
          emailVerified: account.emailVerified,
          createdAt: account.createdAt.toISOString(),
          providers: account.providers,
        },
        profile: profile as Record<string, unknown> | null,
        ...teams,
        notifications,
      },
      200,
    );
  })
  .openapi(guarded(accountApi.deleteAccount), async (c) => {
    const viewer = await requireViewer(c);
    const { password } = c.req.valid('json');
    const hash = await credentialPasswordHash(c.var.db, viewer.userId);
    if (hash) {
      if (!password)
        throw new ApiError(400, 'Enter your password to delete your account', { password: 'Enter your password to delete your account' });
      const wrong = new ApiError(400, 'Password is incorrect', { password: 'Password is incorrect' });
      await withinPasswordLimits(
        c,
        viewer.email,
        () =>
          admitted(c, async () => {
            if (!(await hashInTurn(c, () => verifyPassword(hash, password)))) throw wrong;
          }),
        (err) => err === wrong,
      );
    } else {
      // No password: a sign-in with the provider within the last minutes proves it is the owner.
      const session = await currentSession(c);
      if (Date.now() - new Date(session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
        throw new ApiError(403, 'To delete your account, sign in again with your provider first, then delete it within 10 minutes.');
      }
    }
    await deleteAccount(c.var.db, viewer);
    clearSessionCookie(c);
    return c.json({ message: 'Your account and everything in it were deleted.' }, 200);
  });
