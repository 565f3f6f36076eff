/** Bench accounts, made through the API as a person would, or straight in the database for a case's set-up. */
import { hashPassword } from 'better-auth/crypto';
import type { Timezone } from '../src/shared/constants';
import type { Db } from '../src/server/db/client';
import { accounts, profiles, users } from '../src/server/db/schema';
import { askingAgainAfter503, cookieFrom } from '../src/server/testing/client';

export const BENCH_PASSWORD = 'bench-password';

/**
 * A request of a case's set-up, asked again after a 503's Retry-After as a browser does: a busy
 * server (a sign-in rush, docs/decisions/009; shedding, 020) says when to come back. Also asked
 * again, up to three times, when a kept-alive connection turns out closed as it is reused (the
 * server closes connections idle for 5 s; on a busy machine the client's own timer fires late).
 */
export async function fetchPatiently(url: string, init: RequestInit): Promise<Response> {
  let closed = 0;
  return askingAgainAfter503(async () => {
    for (;;) {
      const res = await fetch(url, init).catch((err: Error & { cause?: { code?: string } }) => {
        if (err.cause?.code !== 'UND_ERR_SOCKET' || ++closed > 3) throw err;
        return null;
      });
      if (res) return res;
    }
  });
}

/** Signs up an account and returns its session cookie. */
export async function signUpForBench(baseUrl: string, person: { firstName: string; lastName: string; email: string }): Promise<string> {
  const res = await fetchPatiently(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ ...person, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return cookieFrom(res.headers);
}

/** Signs a bench account in on a running server (again after a 503, as a sign-up: a server just started may still be busy); its session cookie. */
export async function signInForBench(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetchPatiently(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`bench sign-in of ${account.email}: ${res.status} ${await res.text()}`);
  return cookieFrom(res.headers);
}

/** An account with a password and a profile, written in the database (before the server starts); its profile id. */
export async function insertBenchAccount(
  db: Db,
  person: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    timezone: Timezone;
    lookingForTeam?: boolean;
    /** The profile's id, where it matters (the last one in id order). */
    profileId?: string;
  },
): Promise<string> {
  const { firstName, lastName, email } = person;
  const name = `${firstName} ${lastName}`;
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, name, email, firstName, lastName, emailVerified: true });
  await db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashPassword(person.password),
  });
  const [me] = await db
    .insert(profiles)
    .values({
      ...(person.profileId && { id: person.profileId }),
      userId,
      firstName,
      lastName,
      name,
      timezone: person.timezone,
      availability: 'Flexible',
      ...(person.lookingForTeam === undefined ? {} : { lookingForTeam: person.lookingForTeam }),
    })
    .returning({ id: profiles.id });
  return me.id;
}
