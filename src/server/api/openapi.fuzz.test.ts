/**
 * A property-based fuzzer driven by the OpenAPI document: for every operation, requests generated
 * from its declared schemas (valid ones, and ones broken one field at a time), with and without a
 * session, against the real app. No answer may be a 5xx, and every answer must match what the
 * document declares for its route and status (the harness checks each one, see testing.ts).
 *
 * FUZZ_RUNS sets the requests per operation (default 200); FUZZ_SEED replays a run (the seed is
 * printed on failure, with the shrunk request).
 */
import fc, { type Arbitrary } from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from '../app';
import { fieldPaths, valid, withField, wrongValue, type Hints, type JsonSchema } from '../testing/schema-arbitrary';
import { createHarness, type Harness, type TestUser } from '../testing/harness';
import { sendCounts, blocks, contactSettings, bans } from '../db/schema';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

let h: Harness;
let leader: TestUser;
let member: TestUser;
let outsider: TestUser;
let invitee: TestUser;
/** Signed in only for the routes that could end the session or the account (change the password, delete the account). */
let disposable: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [leader, member, outsider, invitee, disposable] = await Promise.all(
    ['Lena', 'Mo', 'Olga', 'Ines', 'Dora'].map((firstName) => h.signUp({ firstName })),
  );
});

/** Routes that may sign out or delete the account of the session they are sent with. */
const ENDS_SESSIONS = ['/api/auth/delete-account', '/api/auth/change-password'];
afterAll(() => h?.close());

/** A team led by `leader` with `member` in it, a pending request from `outsider` and an invitation to `invitee`. */
async function world() {
  // Each operation's world is set up afresh: the hourly limits on requests and invitations, and the
  // blocks and contact settings an earlier operation's fuzzing left (docs/product.md#safety), start over.
  await h.db.delete(sendCounts);
  await h.db.delete(blocks);
  await h.db.delete(contactSettings);
  await h.db.delete(bans);
  const team = await h.api('POST /api/teams', {
    cookie: leader.cookie,
    body: { name: 'Fuzz Team', description: 'A team the fuzzer works on all day.', openPositions: ['Designer', 'Developer'] },
  });
  const teamId = team.body.id as string;
  const joined = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: member.cookie,
    body: { position: 'Developer', message: 'Let me in, please!' },
  });
  await h.api('POST /api/join-requests/{id}/accept', { params: { id: joined.body.id }, cookie: leader.cookie });
  const pending = await h.api('POST /api/teams/{id}/join-requests', {
    params: { id: teamId },
    cookie: outsider.cookie,
    body: { position: 'Designer', message: 'I design things.' },
  });
  const invitation = await h.api('POST /api/invitations', {
    cookie: leader.cookie,
    body: { teamId, profileId: invitee.profileId, role: 'Tester', message: 'Come and test with us!' },
  });
  return { teamId, requestId: pending.body.id as string, invitationId: invitation.body.id as string };
}

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

interface FuzzRequest {
  method: string;
  url: string;
  cookie?: string;
  body?: unknown;
  form?: FormData;
}

const JUNK_IDS = [
  'not-a-uuid',
  '%00',
  'a'.repeat(300),
  '00000000-0000-0000-0000-00000000000g',
  '..%2F..',
  "1'%20or%20'1'='1",
  '%F0%9F%9A%80',
  '-1',
  '0',
];

/** The document depends on the routes only, so the operations are known before any test runs. */
const DOCUMENT = apiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema> };
};
const OPERATIONS = Object.entries(DOCUMENT.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

type World = Awaited<ReturnType<typeof world>>;

/** The ids that exist for a path parameter. */
function idsFor(path: string, name: string, w: World): string[] {
  const profiles = [leader.profileId, member.profileId, outsider.profileId, invitee.profileId];
  if (name === 'profileId' || path.startsWith('/api/profiles/')) return profiles;
  if (path.startsWith('/api/teams/')) return [w.teamId];
  if (path.startsWith('/api/join-requests/')) return [w.requestId];
  if (path.startsWith('/api/invitations/')) return [w.invitationId];
  if (name === 'index') return ['0', '1'];
  return [w.teamId, ...profiles];
}

/** Values of body and query fields that refer to things that exist. */
const hints = (w: World): Hints => ({
  email: fc.oneof(
    fc.constantFrom(leader.email, member.email, outsider.email),
    fc.nat().map((n) => `fuzz-${n}@example.com`),
    fc.emailAddress(),
  ),
  password: fc.constantFrom('team-finder-1', 'wrong-password', 'engine-1843'),
  teamId: fc.constant(w.teamId),
  profileId: fc.constantFrom(outsider.profileId, invitee.profileId, member.profileId),
  candidate: fc.constantFrom(outsider.profileId, member.profileId),
  position: fc.constantFrom('Designer', 'Developer', 'designer'),
  availability: fc.constantFrom('Full Time', 'Flexible'),
  name: fc.constantFrom('Rust', 'Go', 'Fuzz Team'),
});

function requestArbitrary(path: string, method: string, op: Operation, w: World): Arbitrary<FuzzRequest> {
  const { components } = DOCUMENT;
  const params = op.parameters ?? [];
  const cookies =
    path === '/api/auth/sign-out'
      ? // A real session signed out here would leave the rest of the run signed out.
        [undefined, 'better-auth.session_token=garbage']
      : ENDS_SESSIONS.includes(path)
        ? [undefined, disposable.cookie, 'better-auth.session_token=garbage']
        : [undefined, leader.cookie, member.cookie, outsider.cookie, invitee.cookie, 'better-auth.session_token=garbage'];

  // Mostly ids that exist (so requests get past the lookup), sometimes unknown or malformed ones.
  const pathValues = params
    .filter((p) => p.in === 'path')
    .map((p) =>
      fc
        .oneof(
          { arbitrary: fc.constantFrom(...idsFor(path, p.name, w)), weight: 6 },
          { arbitrary: fc.uuid(), weight: 1 },
          { arbitrary: fc.constantFrom(...JUNK_IDS), weight: 1 },
          { arbitrary: valid(p.schema, components).map(String), weight: 1 },
        )
        .map((v) => [p.name, v] as const),
    );
  const queryValues = params
    .filter((p) => p.in === 'query')
    .map((p) =>
      fc.option(
        fc.oneof(valid(p.schema, components, hints(w)), wrongValue(p.schema, components)).map((v) => [p.name, v] as const),
        { nil: undefined },
      ),
    );

  const json = op.requestBody?.content['application/json']?.schema;
  const multipart = op.requestBody?.content['multipart/form-data'];
  let body: Arbitrary<{ body?: unknown; form?: FormData }> = fc.constant({});
  if (json) {
    const fields = fieldPaths(json, components);
    const broken = fields.length
      ? fc
          .constantFrom(...fields)
          .chain(({ path: field, schema }) =>
            fc
              .tuple(valid(json, components, hints(w)), fc.option(wrongValue(schema, components), { nil: undefined }))
              .map(([value, wrong]) => withField(value, field, wrong)),
          )
      : fc.jsonValue();
    body = fc
      .oneof(
        { arbitrary: valid(json, components, hints(w)), weight: 3 },
        { arbitrary: broken, weight: 3 },
        { arbitrary: fc.jsonValue(), weight: 1 },
      )
      .map((b) => ({ body: b }));
  } else if (multipart) {
    body = fc
      .tuple(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom('file', 'avatar'), fc.constantFrom('image/png', 'text/plain', ''))
      .map(([bytes, field, type]) => {
        const form = new FormData();
        form.append(field, new Blob([bytes], { type }), 'upload.png');
        return { form };
      });
  }

  return fc
    .record({
      cookie: fc.constantFrom(...cookies),
      pathValues: fc.tuple(...pathValues),
      queryValues: fc.tuple(...queryValues),
      body,
    })
    .map(({ cookie, pathValues: pv, queryValues: qv, body: b }) => {
      let url = path;
      for (const [name, value] of pv) url = url.replace(`{${name}}`, encodeURIComponent(value).replace(/%25/g, '%'));
      const query = new URLSearchParams();
      for (const entry of qv) {
        if (!entry) continue;
        const [name, value] = entry;
        query.set(name, Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const search = query.toString();
      return { method, url: search ? `${url}?${search}` : url, cookie, ...b };
    });
}

describe(`API fuzzing from the OpenAPI document (${RUNS} requests per operation, seed ${SEED})`, () => {
  it.each(OPERATIONS.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s: no 5xx, every answer as declared',
    { timeout: 300_000 },
    async (_, { method, path, op }) => {
      const w = await world();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, method, op, w), async (req) => {
          // The harness checks the answer against the document and throws if it does not match.
          const res = await h.request(req.method, req.url, { cookie: req.cookie, body: req.body, form: req.form });
          expect(res.status, `${req.method} ${req.url} -> ${JSON.stringify(res.body)?.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});
