/**
 * The document as a client generator reads it: openapi-typescript turns the served document into
 * types, a small client written against them (methods named by operationId) compiles under
 * `--strict`, and a join flow run with the bodies it types gets answers the document declares;
 * then the same flow through openapi-fetch, signed with personal API tokens instead of a cookie.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness, type TestUser } from '../testing/harness';

let h: Harness;
let lead: TestUser;
let joiner: TestUser;
let dir: string;
beforeAll(async () => {
  h = await createHarness();
  [lead, joiner] = [await h.signUp(), await h.signUp()];
  dir = mkdtempSync(join(tmpdir(), 'hackteams-client-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await h.close();
});

/** A client a bot author would write over the generated types. */
const CLIENT = `
import type { operations, components } from './api';
type Json<O extends keyof operations, S extends keyof operations[O]['responses']> =
  operations[O]['responses'][S] extends { content: { 'application/json': infer B } } ? B : never;
type Body<O extends keyof operations> =
  operations[O] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type Team = Json<'teamsGet', 200>;
export type Refusal = components['schemas']['Error'];
export const createTeam = (body: Body<'teamsCreate'>) => body;
export const askToJoin = (body: Body<'teamsRequestToJoin'>) => body;
export const codeOf = (error: Refusal): components['schemas']['ErrorCode'] => error.code;
export const firstPosition = (team: Team): string | undefined => team.openPositions[0];
export const kindOf = (item: components['schemas']['InboxItem']): string =>
  item.kind === 'join_request' ? item.data.requestId : item.kind;
`;

/** A bot over openapi-fetch and the generated paths, signed with a token (what the README shows). */
const BOT = `
import createClient from 'openapi-fetch';
import type { paths } from './api';
export function bot(token: string) {
  const api = createClient<paths>({ baseUrl: 'http://localhost', headers: { Authorization: \`Bearer \${token}\` } });
  return {
    teams: () => api.GET('/api/teams', { params: { query: { page: 1 } } }),
    ask: (id: string) =>
      api.POST('/api/teams/{id}/join-requests', { params: { path: { id } }, body: { position: 'Backend Developer', message: 'I build bots.' } }),
    accept: (id: string) => api.POST('/api/join-requests/{id}/accept', { params: { path: { id } } }),
  };
}
`;

it('openapi-typescript generates types that a strict client compiles against', async () => {
  const ast = await openapiTS(structuredClone(h.document) as never);
  writeFileSync(join(dir, 'api.ts'), astToString(ast));
  writeFileSync(join(dir, 'client.ts'), CLIENT);
  writeFileSync(join(dir, 'bot.ts'), BOT);
  const program = ts.createProgram([join(dir, 'client.ts'), join(dir, 'bot.ts')], {
    baseUrl: dir,
    paths: { 'openapi-fetch': [join(process.cwd(), 'node_modules/openapi-fetch')] },
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(problems).toEqual([]);
}, 60_000);

it('a join flow with the bodies the generated types describe gets declared answers', async () => {
  const created = await h.request('POST', '/api/teams', {
    cookie: lead.cookie,
    body: { name: 'Generated Client', description: 'A team made by a bot', maxSize: 4, openPositions: ['Backend Developer'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const teamId = String(created.body.id);
  const team = await h.request('GET', `/api/teams/${teamId}`);
  expect(team.body.openPositions).toEqual(['Backend Developer']);
  const asked = await h.request('POST', `/api/teams/${teamId}/join-requests`, {
    cookie: joiner.cookie,
    body: { position: 'Backend Developer', message: 'I build APIs and would love to help.' },
  });
  expect(asked.status).toBe(201);
  const again = await h.request('POST', `/api/teams/${teamId}/join-requests`, {
    cookie: joiner.cookie,
    body: { position: 'Backend Developer', message: 'I build APIs and would love to help.' },
  });
  expect([again.status, again.body.code]).toEqual([409, 'request_pending']);
  const accepted = await h.request('POST', `/api/join-requests/${String(asked.body.id)}/accept`, { cookie: lead.cookie });
  expect(accepted.status).toBe(200);
});

it('the same join flow through openapi-fetch with personal API tokens instead of a cookie', async () => {
  const tokenOf = async (user: TestUser) => {
    const made = await h.api('POST /api/me/tokens', { cookie: user.cookie, body: { name: 'Join bot', scopes: ['read', 'act'] } });
    expect(made.status).toBe(201);
    return made.body.secret;
  };
  const [leadToken, joinerToken] = [await tokenOf(lead), await tokenOf(joiner)];
  // Every answer goes through the harness's contract check, as the cookie flow's do.
  const fetchApp = async (request: Request) => {
    const res = await h.app.request(request);
    const text = await res.clone().text();
    const url = new URL(request.url);
    h.contract.check({
      method: request.method,
      url: url.pathname + url.search,
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: text ? JSON.parse(text) : undefined,
    });
    return res;
  };
  // Loosely typed here: bot.ts above is the same calls, checked against the generated paths.
  const client = (token: string) =>
    createClient<any>({ baseUrl: 'http://localhost', fetch: fetchApp, headers: { Authorization: `Bearer ${token}` } });
  const leadBot = client(leadToken);
  const joinerBot = client(joinerToken);

  const created = await leadBot.POST('/api/teams', {
    body: { name: 'Token Team', description: 'A team made with a token', maxSize: 4, openPositions: ['Backend Developer'] },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  expect(created.response.headers.get('ratelimit-remaining')).toBeTruthy();
  const teamId = String(created.data.id);
  const listed = await joinerBot.GET('/api/teams', { params: { query: { q: 'Token Team' } } });
  expect(listed.data.items.map((t: { id: string }) => t.id)).toContain(teamId);
  const asked = await joinerBot.POST('/api/teams/{id}/join-requests', {
    params: { path: { id: teamId } },
    body: { position: 'Backend Developer', message: 'I build bots and would love to help.' },
  });
  expect(asked.response.status).toBe(201);
  const requests = await leadBot.GET('/api/teams/{id}/join-requests', { params: { path: { id: teamId } } });
  expect(requests.response.status).toBe(200);
  const accepted = await leadBot.POST('/api/join-requests/{id}/accept', { params: { path: { id: String(asked.data.id) } } });
  expect(accepted.response.status).toBe(200);
  const team = await joinerBot.GET('/api/teams/{id}', { params: { path: { id: teamId } } });
  expect(JSON.stringify(team.data)).toContain(joiner.profileId);
  // A token is refused where the document does not list it.
  const session = await joinerBot.GET('/api/auth/get-session', {});
  expect([session.response.status, session.error?.code]).toEqual([403, 'token_not_accepted']);
});
