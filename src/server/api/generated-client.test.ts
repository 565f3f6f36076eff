/**
 * The document as a client generator reads it: openapi-typescript turns the served document into
 * types, a small client written against them (methods named by operationId) compiles under
 * `--strict`, and a join flow run with the bodies it types gets answers the document declares.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

it('openapi-typescript generates types that a strict client compiles against', async () => {
  const ast = await openapiTS(structuredClone(h.document) as never);
  writeFileSync(join(dir, 'api.ts'), astToString(ast));
  writeFileSync(join(dir, 'client.ts'), CLIENT);
  const program = ts.createProgram([join(dir, 'client.ts')], {
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
