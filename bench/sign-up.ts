/** Bench accounts, made through the API as a person would. */
import { cookieFrom } from '../src/server/testing/client';

export const BENCH_PASSWORD = 'bench-password';

/**
 * Signs up an account and returns its session cookie. A sign-in rush answers 503 with Retry-After
 * (docs/decisions/009): then it tries again after that long.
 */
export async function signUpForBench(baseUrl: string, person: { firstName: string; lastName: string; email: string }): Promise<string> {
  for (;;) {
    const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ ...person, password: BENCH_PASSWORD }),
    });
    if (res.status === 503) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000 * (Number(res.headers.get('retry-after')) || 1)));
      continue;
    }
    if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    return cookieFrom(res.headers);
  }
}
