/**
 * Accounts and sessions: better-auth with email + password, sessions as database rows,
 * the cookie holding an opaque token (HttpOnly, SameSite=Lax, Secure behind HTTPS).
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MIN } from '../../shared/constants';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { keptSetting } from './auth.repo';
import { ensureProfile } from './ensure-profile';

export interface AuthOptions {
  secret: string;
  rateLimit: boolean;
  trustedOrigins: string[];
}

export function createAuth(db: Db, opts: AuthOptions) {
  return betterAuth({
    secret: opts.secret,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN, maxPasswordLength: 128, autoSignIn: true },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Same-origin requests are always trusted; more origins come from TRUSTED_ORIGINS.
    trustedOrigins: (request) => [...opts.trustedOrigins, request ? new URL(request.url).origin : undefined],
    rateLimit: { enabled: opts.rateLimit, window: 60, max: 100 },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    // The client address is set by our own route from the socket (see auth.routes.ts).
    advanced: { ipAddress: { ipAddressHeaders: ['x-client-address'] } },
    databaseHooks: {
      // A profile exists from the first session on, for sign-up and sign-in alike (docs/product.md#accounts-and-sessions).
      session: { create: { after: async (session) => { await ensureProfile(db, session.userId); } } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or a secret generated once and kept in the database for every instance. */
export async function resolveAuthSecret(db: Db, fromEnv?: string): Promise<string> {
  return fromEnv ?? keptSetting(db, 'auth_secret', randomBytes(32).toString('base64url'));
}
