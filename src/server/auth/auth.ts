/**
 * Accounts and sessions: better-auth with email + password, sessions as database rows,
 * the cookie holding an opaque token (HttpOnly, SameSite=Lax, Secure behind HTTPS).
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN } from '../../shared/constants';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
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
      schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications },
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
      // A profile exists from the first session on, for sign-up and sign-in alike (SPEC 4 and 7).
      session: { create: { after: async (session) => { await ensureProfile(db, session.userId); } } },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or a secret generated once and kept in the database for every instance. */
export async function resolveAuthSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(schema.appSettings).values({ key: 'auth_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, 'auth_secret'));
  return row.value;
}
