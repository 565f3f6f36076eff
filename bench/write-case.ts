/**
 * The write case: team leaders and requesters sign up over HTTP, leaders sign in and create
 * teams, then concurrent clients create join requests and the leaders accept them. Every accept
 * is sent twice at once (a double click, or two tabs), and some requests are sent twice too:
 * the server must answer each exactly once. Each requester asks one team at a time and waits for
 * the accept (joining a team withdraws one's other pending requests), so a requester ends up in
 * several teams; requesters run concurrently.
 */
import { cookieFrom } from '../src/server/testing/client';
import { inPool, percentile } from './load';

export interface StepStats {
  step: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface WriteCaseResult {
  requests: number;
  concurrency: number;
  seconds: number;
  steps: StepStats[];
  /** How the duplicate submissions were answered. */
  outcomes: {
    createdOk: number;
    duplicateCreatesRejected: number;
    acceptsOk: number;
    duplicateAcceptsRejected: number;
    serverErrors: number;
    unexpected: string[];
  };
  teamIds: string[];
}

interface Reply {
  status: number;
  body: any;
  cookie: string;
  ms: number;
  retryAfter: number;
}

export async function runWriteCase(
  baseUrl: string,
  opts: { requests: number; leaders: number; requestsPerRequester: number; concurrency: number; log: (l: string) => void },
): Promise<WriteCaseResult> {
  const timings = new Map<string, number[]>();
  const outcomes: WriteCaseResult['outcomes'] = {
    createdOk: 0,
    duplicateCreatesRejected: 0,
    acceptsOk: 0,
    duplicateAcceptsRejected: 0,
    serverErrors: 0,
    unexpected: [],
  };
  const unexpected = (what: string, r: Reply) => {
    if (r.status >= 500) outcomes.serverErrors++;
    if (outcomes.unexpected.length < 10) outcomes.unexpected.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
  };

  async function post(step: string, path: string, body: unknown, cookie?: string): Promise<Reply> {
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: baseUrl };
    if (cookie) headers.cookie = cookie;
    const t = performance.now();
    const res = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - t;
    // A sign-in rush answers 503 with Retry-After (docs/decisions/009): counted apart, and tried again.
    const key = res.status === 503 ? `${step} (503, tried again)` : step;
    let list = timings.get(key);
    if (!list) timings.set(key, (list = []));
    list.push(ms);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const cookieOut = cookieFrom(res.headers);
    return { status: res.status, body: parsed, cookie: cookieOut, ms, retryAfter: Number(res.headers.get('retry-after')) || 1 };
  }

  /**
   * Tried again after Retry-After while the server answers 503, as a person presses again: a sign-in
   * rush (docs/decisions/009) or shedding (020) turns a request away before any database work, so
   * the write's rules (created once, answered once) are checked on the answers that did the work.
   */
  async function postPatiently(step: string, path: string, body: unknown, cookie?: string): Promise<Reply> {
    for (;;) {
      const r = await post(step, path, body, cookie);
      if (r.status !== 503) return r;
      await new Promise((resolve) => setTimeout(resolve, r.retryAfter * 1000));
    }
  }

  const run = Date.now().toString(36);
  const password = 'bench-password';
  async function signUp(kind: string, i: number): Promise<{ email: string; cookie: string }> {
    const email = `${kind}${i}-${run}@bench.example`;
    const r = await postPatiently('sign-up', '/api/auth/sign-up/email', {
      firstName: kind === 'leader' ? 'Leader' : 'Requester',
      lastName: `Bench ${i}`,
      email,
      password,
    });
    if (r.status !== 200 || !r.cookie) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`);
    return { email, cookie: r.cookie };
  }

  const requesterCount = Math.ceil(opts.requests / opts.requestsPerRequester);
  const started = performance.now();

  const leaders = await inPool(range(opts.leaders), opts.concurrency, async (i) => {
    const { email } = await signUp('leader', i);
    const signIn = await postPatiently('sign-in', '/api/auth/sign-in/email', { email, password });
    if (signIn.status !== 200 || !signIn.cookie) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
    const team = await postPatiently(
      'create team',
      '/api/teams',
      {
        name: `Bench Write Team ${run} ${i}`,
        description: 'A team created by the benchmark to receive and accept join requests.',
        openPositions: ['Frontend Developer', 'Backend Developer', 'Designer'],
        isOpen: true,
        maxSize: 10,
      },
      signIn.cookie,
    );
    const teamId = team.body?.id ?? team.body?.team?.id;
    if (team.status >= 300 || !teamId) throw new Error(`create team failed: ${team.status} ${JSON.stringify(team.body)}`);
    return { cookie: signIn.cookie, teamId: teamId as string };
  });
  const requesters = await inPool(range(requesterCount), opts.concurrency, (i) => signUp('requester', i));
  opts.log(
    `write case: ${leaders.length} leaders with teams and ${requesters.length} requesters ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Requester r has tasks n = r * per .. r * per + per - 1, each to team n % leaders: a requester's
  // teams are distinct, and every team gets at most requests / leaders (9) of them.
  const per = opts.requestsPerRequester;
  const byRequester = range(requesterCount).map((r) =>
    range(per)
      .map((k) => r * per + k)
      .filter((n) => n < opts.requests)
      .map((n) => ({ requester: requesters[r], leader: leaders[n % leaders.length], duplicate: n % 10 === 0 })),
  );

  const flowStarted = performance.now();
  await inPool(byRequester, opts.concurrency, async (own) => {
    for (const task of own) {
      const path = `/api/teams/${task.leader.teamId}/join-requests`;
      const body = { position: 'Backend Developer', message: 'I would love to help with the backend and the demo.' };
      const creates = await Promise.all(
        (task.duplicate ? [0, 1] : [0]).map(() => postPatiently('create join request', path, body, task.requester.cookie)),
      );
      const created = creates.filter((r) => r.status === 200 || r.status === 201);
      for (const r of creates)
        if (r.status !== 200 && r.status !== 201) {
          if (r.status === 409) outcomes.duplicateCreatesRejected++;
          else unexpected('create join request', r);
        }
      outcomes.createdOk += created.length;
      if (created.length !== 1) continue;
      const requestId = created[0].body?.id;
      const accepts = await Promise.all(
        [0, 1].map(() => postPatiently('accept', `/api/join-requests/${requestId}/accept`, {}, task.leader.cookie)),
      );
      for (const r of accepts) {
        if (r.status === 200 || r.status === 201) outcomes.acceptsOk++;
        else if (r.status === 409 || r.status === 404) outcomes.duplicateAcceptsRejected++;
        else unexpected('accept', r);
      }
    }
  });
  const seconds = (performance.now() - flowStarted) / 1000;

  const steps = [...timings].map(([stepName, list]) => {
    const sorted = list.sort((a, b) => a - b);
    const round = (v: number) => Math.round(v * 10) / 10;
    return {
      step: stepName,
      count: sorted.length,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      max: round(sorted[sorted.length - 1]),
    };
  });
  return { requests: opts.requests, concurrency: opts.concurrency, seconds, steps, outcomes, teamIds: leaders.map((l) => l.teamId) };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
