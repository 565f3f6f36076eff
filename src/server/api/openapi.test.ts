/**
 * The API contract: /api/openapi.json is a valid OpenAPI 3.1 document of exactly the routes the
 * app answers, with the error shape on every 4xx and the session scheme where one is needed;
 * /api/docs serves its reference documentation.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
const operations = () =>
  Object.entries(h.document.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

/** Routes served for the document itself, not part of it. */
const DOCUMENTATION = ['/api/openapi.json', '/api/docs', '/api/docs/init.js', '/api/docs/{file}'];

describe('GET /api/openapi.json', () => {
  it('names every operation once and declares who may call it (what client generators and the linters need)', () => {
    const ids = operations().map(({ op }) => (op as { operationId?: string }).operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.security)).toEqual([]);
    expect(h.document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await h.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(res.body));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every API route the app answers, and nothing the app does not answer', () => {
    const answered = new Set(
      h.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([^/]+)/g, '{$1}')}`)
        .filter((r) => !DOCUMENTATION.includes(r.split(' ')[1])),
    );
    const documented = new Set(operations().map((o) => `${o.method} ${o.path}`));
    expect(
      [...answered].filter((r) => !documented.has(r)),
      'answered but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !answered.has(r)),
      'documented but not answered',
    ).toEqual([]);
    expect(documented.size).toBeGreaterThan(25);
  });

  it('gives every operation a summary, and every 4xx the shared error shape', () => {
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4')) continue;
        expect(response.content?.['application/json']?.schema.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/Error');
      }
    }
  });

  it('marks the routes that need a session, and each of them answers 401 without one', async () => {
    // A route whose security also lists {} takes a session when there is one (optional).
    const optional = (o: { op: Operation }) => o.op.security?.some((s) => Object.keys(s).length === 0);
    const secured = operations().filter((o) => o.op.security?.some((s) => 'session' in s) && !optional(o));
    expect(
      operations()
        .filter(optional)
        .map((o) => `${o.method} ${o.path}`),
    ).toContain('get /api/teams/{id}');
    expect(secured.length).toBeGreaterThan(15);
    expect(h.document.components?.securitySchemes?.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
    });
    for (const { path, method, op } of secured) {
      expect(op.responses['401'], `${method} ${path}`).toBeDefined();
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await h.request(method.toUpperCase(), url, { body: ['post', 'put', 'patch'].includes(method) ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    // Public routes say so: an empty security requirement, beside the optional API token (decisions/025).
    const profilesList = operations().find((o) => o.method === 'get' && o.path === '/api/profiles')!;
    expect(profilesList.op.security).toEqual([{ token: [] }, {}]);
  });

  it('documents the paging parameters of the lists', () => {
    for (const path of ['/api/profiles', '/api/teams']) {
      const names = operations()
        .find((o) => o.method === 'get' && o.path === path)!
        .op.parameters!.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['q', 'page', 'pageSize']));
    }
  });
});

describe('the contract check of the test harness', () => {
  it('fails an answer with an undeclared field or status, and passes a declared one', () => {
    const ok = {
      method: 'GET',
      url: '/api/health',
      status: 200,
      contentType: 'application/json',
      body: { status: 'ok', database: 'pglite' },
    };
    expect(() => h.contract.check(ok)).not.toThrow();
    expect(() => h.contract.check({ ...ok, body: { ...ok.body, extra: 1 } })).toThrow(/extra/);
    expect(() => h.contract.check({ ...ok, body: { status: 'ok' } })).toThrow(/database/);
    expect(() => h.contract.check({ ...ok, status: 418 })).toThrow(/not declared/);
    expect(() =>
      h.contract.check({
        ...ok,
        url: '/api/teams/00000000-0000-4000-8000-000000000000',
        status: 404,
        body: { error: 'Team not found', code: 'team_not_found' },
      }),
    ).not.toThrow();
  });
});

describe('GET /api/docs', () => {
  it('serves the reference documentation page and its scripts from this server', async () => {
    const page = await h.app.request('http://localhost/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>HackTeams API</title>');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.every((s) => s.startsWith('/api/docs/'))).toBe(true);
    for (const source of sources) {
      const res = await h.app.request(`http://localhost${source}`);
      expect(res.status, source).toBe(200);
    }
    const init = await (await h.app.request('http://localhost/api/docs/init.js')).text();
    expect(init).toContain('/api/openapi.json');
  });
});
