/**
 * Request logs: one JSON line per request (API and pages) with its id, method, path, status and
 * duration, and nothing secret: no cookie, token, password, query string or body. Errors are
 * logged with the request's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './log';
import { createHarness, offContract, type Harness } from '../testing/harness';

const lines: string[] = [];
/** A pino destination that keeps what it is given. */
const capture = { write: (line: string) => void lines.push(line) };
const logged = () =>
  lines
    .flatMap((l) => l.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
const lineOf = (requestId: string | null) => logged().find((l) => l.msg === 'request' && l.requestId === requestId);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    log: createLogger({ level: 'info', destination: capture }),
    setup: (app) => {
      app.get('/boom', () => {
        // What a failed Drizzle query's message looks like: its parameters at the end.
        throw new Error('Failed query: select * from session where token = $1\nparams: sekret-session-token');
      });
    },
  });
});
afterAll(() => h.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request log', () => {
  it('writes one line per request with a fresh id (also X-Request-Id), method, path, status and duration', async () => {
    const first = await h.api('GET /api/health');
    const second = await h.api('GET /api/teams/{id}', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    const [id1, id2] = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(id1).toMatch(UUID);
    expect(id2).toMatch(UUID);
    expect(id1).not.toBe(id2);
    expect(logged().filter((l) => l.requestId === id1 && l.msg === 'request')).toHaveLength(1);
    const line = lineOf(id1)!;
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/health', status: 200 });
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(typeof line.time).toBe('string');
    expect(lineOf(id2)).toMatchObject({ method: 'GET', path: '/api/teams/00000000-0000-4000-8000-000000000000', status: 404 });
  });

  it('logs pages too, not only the API', async () => {
    const res = await h.app.request('http://localhost/teams/whatever');
    const line = lineOf(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ method: 'GET', path: '/teams/whatever', status: res.status });
  });

  it('never logs a cookie, a token, a password, a query string or a body', async () => {
    const password = 'Sup3r-secret-pa55word';
    const user = await h.signUp({ password });
    const signIn = await h.api('POST /api/auth/sign-in/email', {
      query: offContract('token=query-secret-token'),
      body: { email: user.email, password },
      cookie: user.cookie,
    });
    expect(signIn.status).toBe(200);
    // An API token (an unknown one: 401) is not logged either.
    const withToken = await h.request('GET', '/api/teams', { headers: { authorization: 'Bearer ht_bearer-secret-token' } });
    expect(withToken.status).toBe(401);
    expect(lineOf(withToken.headers.get('x-request-id'))).toMatchObject({ path: '/api/teams', status: 401 });
    const newCookie = signIn.headers.getSetCookie().join('; ');
    const line = lineOf(signIn.headers.get('x-request-id'));
    expect(line).toMatchObject({ method: 'POST', path: '/api/auth/sign-in/email', status: 200 });
    expect(Object.keys(line!).sort()).toEqual(['durationMs', 'level', 'method', 'msg', 'path', 'requestId', 'status', 'time']);

    const text = lines.join('');
    const cookieValue = (cookie: string) => decodeURIComponent(cookie.match(/session_token=([^;]+)/)![1]);
    for (const secret of [
      password,
      cookieValue(user.cookie),
      cookieValue(newCookie),
      'query-secret-token',
      'bearer-secret-token',
      user.email,
    ]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
    expect(text).not.toMatch(/session_token|"cookie"|"authorization"|"password"/i);
  });

  it('logs an unexpected error with the request id, without the parameters of a failed query', async () => {
    const res = await h.app.request('http://localhost/boom', { headers: { cookie: 'better-auth.session_token=cookie-secret' } });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    const error = logged().find((l) => l.level === 'error' && l.requestId === id);
    expect(error).toBeDefined();
    expect(error!.err.message).toContain('Failed query: select * from session');
    expect(lineOf(id)).toMatchObject({ path: '/boom', status: 500 });
    const text = lines.join('');
    expect(text).not.toContain('sekret-session-token');
    expect(text).not.toContain('cookie-secret');
  });

  it('drops keys named for a secret wherever a line carries them (the safety net), and keeps the rest', async () => {
    const kept: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (l: string) => void kept.push(l) } });
    log.child({ requestId: 'r1', token: 'bound-secret' }).info(
      {
        path: '/x',
        password: 'p-secret',
        user: { id: 7, cookie: 'c-secret', deep: { authorization: 'a-secret' } },
        err: new Error('boom'),
      },
      'request',
    );
    const line = JSON.parse(kept[0]);
    expect(line).toMatchObject({ requestId: 'r1', path: '/x', user: { id: 7, deep: {} }, err: { type: 'Error', message: 'boom' } });
    expect(kept[0]).not.toMatch(/secret|"password"|"cookie"|"authorization"|"token"/);
  });

  it('writes nothing below its level', async () => {
    const quiet: string[] = [];
    const log = createLogger({ level: 'warn', destination: { write: (l: string) => void quiet.push(l) } });
    log.info('request');
    log.warn('not ready');
    expect(quiet).toHaveLength(1);
    const silent: string[] = [];
    createLogger({ level: 'silent', destination: { write: (l: string) => void silent.push(l) } }).fatal('x');
    expect(silent).toEqual([]);
  });
});
