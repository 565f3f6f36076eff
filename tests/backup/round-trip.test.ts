/**
 * Backup and restore as an organizer runs them (README, Backup and restore): writes go through a
 * real server, `npm run backup` copies its data while writes keep coming, `npm run restore` loads
 * the copy into a fresh data folder and a fresh PostgreSQL database, and a server started on each
 * has every write acknowledged before the backup began. From both kinds of database; the embedded
 * one into PostgreSQL is how an event moves up. Needs DATABASE_URL (a server on which it may create
 * and drop databases); `npm run test:backup`, run by .ci/run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingAgainAfter503, cookieFrom } from '../../src/server/testing/client';
import { freePort, scratchDatabaseOfEnv, startServer, waitForHealth } from '../../src/server/testing/process';

type Kind = 'pglite' | 'postgres';
const PASSWORD = 'back-me-up-1';

const folders: string[] = [];
const databases: ReturnType<typeof scratchDatabaseOfEnv>[] = [];
const servers: ReturnType<typeof startServer>[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await Promise.all(databases.map((d) => d.drop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}, 60_000);

const freshFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'hackteams-backup-'));
  folders.push(folder);
  return folder;
};

/** A fresh place for the product's data, as the environment that points a server or a command at it. */
async function freshTarget(kind: Kind): Promise<Record<string, string>> {
  if (kind === 'pglite') return { DATA_DIR: join(freshFolder(), 'data'), DATABASE_URL: '' };
  const database = scratchDatabaseOfEnv('backup', 'backup round trip');
  databases.push(database);
  await database.create();
  return { DATABASE_URL: database.url };
}

async function serve(target: Record<string, string>) {
  const port = await freePort();
  const server = startServer({ ...target, PORT: String(port), AUTH_RATE_LIMIT: 'off' });
  servers.push(server);
  await waitForHealth(port, server);
  const origin = `http://127.0.0.1:${port}`;
  const send = (method: string, path: string, body?: unknown, cookie = '') =>
    fetch(`${origin}${path}`, {
      method,
      headers: { origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const stop = async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  };
  return { send, stop };
}

/** `npm run backup` or `npm run restore` with this environment: its exit code and what it printed. */
function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

interface Write {
  id?: string;
  sentAt: number;
  answeredAt: number;
  status: number;
}

/**
 * Where the backups are restored: fresh for the first source's backup, which then holds its data
 * when the second source's backup replaces it (--force).
 */
const targets: Partial<Record<Kind, Record<string, string>>> = {};

describe.each<Kind>(['pglite', 'postgres'])('a backup of a running server on %s', { timeout: 120_000 }, (source) => {
  const firstSource = source === 'pglite';
  const sourceTarget: Record<string, string> = {};
  let sourceServer: Awaited<ReturnType<typeof serve>>;
  const users = ['Ada', 'Grace', 'Linus'].map((firstName) => ({ firstName, email: `${firstName.toLowerCase()}-${source}@example.com` }));
  const writes: Write[] = [];
  let backupFile = '';
  let backup = { startedAt: 0, endedAt: 0, code: null as number | null, output: '' };

  beforeAll(async () => {
    Object.assign(sourceTarget, await freshTarget(source));
    sourceServer = await serve(sourceTarget);
    const cookies: string[] = [];
    for (const { firstName, email } of users) {
      const res = await sourceServer.send('POST', '/api/auth/sign-up/email', { firstName, lastName: source, email, password: PASSWORD });
      expect(res.status).toBe(200);
      cookies.push(cookieFrom(res.headers));
    }
    // One leader creates teams one after another, before, during and after the backup.
    let writing = true;
    const createTeams = (async () => {
      for (let i = 0; writing; i++) {
        const sentAt = performance.now();
        // A 503 is asked again after its Retry-After, as docs/api.md asks clients to: the backup itself
        // turns no one away (its long turns are excused: platform/overload.test.ts), but on CI it ran
        // beside the proxy's crowd of 3,000 streams and three of the PGlite server's writes were shed.
        const res = await askingAgainAfter503(
          () =>
            sourceServer.send(
              'POST',
              '/api/teams',
              { name: `${source} crew ${i}`, description: 'A team that survives a restore.', openPositions: ['Designer'] },
              cookies[0],
            ),
          10,
        );
        const body = (await res.json()) as { id?: string };
        writes.push({ id: body.id, sentAt, answeredAt: performance.now(), status: res.status });
      }
    })();
    while (writes.length < 20) await new Promise((r) => setTimeout(r, 20));
    backupFile = join(freshFolder(), firstSource ? 'teams.sql.gz' : 'teams.sql');
    backup.startedAt = performance.now();
    backup = { ...backup, ...(await command('backup', [backupFile], sourceTarget)) };
    backup.endedAt = performance.now();
    // A few more after it, then the writer stops.
    const after = writes.length;
    while (writes.length < after + 5) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await createTeams;
  }, 120_000);

  it('is taken while the server goes on answering writes', () => {
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(source === 'pglite' ? /through the running server/ : /through pg_dump/);
    const duringBackup = writes.filter((w) => w.sentAt > backup.startedAt && w.sentAt < backup.endedAt);
    expect(duringBackup.length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.status !== 201)).toEqual([]);
  });

  it.concurrent.each<Kind>(['pglite', 'postgres'])(
    firstSource
      ? 'restores into a fresh %s, and the restored product serves every write acknowledged before the backup'
      : 'refuses to restore over the %s restored from the other kind, replaces it with --force, and the restored product serves every write acknowledged before the backup',
    async (kind) => {
      if (firstSource) {
        const target = (targets[kind] = await freshTarget(kind));
        const restored = await command('restore', [backupFile], target);
        expect(restored.code, restored.output).toBe(0);
      } else {
        const target = targets[kind]!;
        const refused = await command('restore', [backupFile], target);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/not empty.*add --force to replace what it holds/);
        const forced = await command('restore', [backupFile, '--force'], target);
        expect(forced.code, forced.output).toBe(0);
      }

      const server = await serve(targets[kind]!);
      expect((await server.send('GET', '/api/health')).status).toBe(200);
      expect((await server.send('GET', '/api/ready')).status).toBe(200);
      for (const { email } of users) {
        const signIn = await server.send('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
        expect(signIn.status, email).toBe(200);
        const me = (await (await server.send('GET', '/api/me', undefined, cookieFrom(signIn.headers))).json()) as {
          user: { email: string };
        };
        expect(me.user.email).toBe(email);
      }
      const team = (await (await server.send('GET', `/api/teams/${writes[0].id}`)).json()) as { name: string; members: unknown[] };
      expect(team).toMatchObject({ name: `${source} crew 0`, members: [{ firstName: 'Ada', lastName: source, isLeader: true }] });
      if (!firstSource) {
        // Replaced, not added to: the first source's people are gone.
        const before = await server.send('POST', '/api/auth/sign-in/email', { email: 'ada-pglite@example.com', password: PASSWORD });
        expect(before.status).toBe(401);
      }

      // Every team acknowledged before the backup began is there, each with its leader; any later
      // one is there whole or not at all.
      const acknowledged = writes.filter((w) => w.answeredAt < backup.startedAt);
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);
      for (const write of writes) {
        const res = await server.send('GET', `/api/teams/${write.id}`);
        if (write.answeredAt >= backup.startedAt && res.status === 404) continue;
        expect(
          res.status,
          `team ${write.id}, acknowledged ${write.answeredAt < backup.startedAt ? 'before' : 'after'} the backup began`,
        ).toBe(200);
        expect(((await res.json()) as { members: { isLeader: boolean }[] }).members).toMatchObject([{ isLeader: true }]);
      }
      await server.stop();
    },
  );

  if (firstSource) {
    it('will not restore into the data folder of the running server, even with --force', async () => {
      const refused = await command('restore', [backupFile, '--force'], sourceTarget);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/a server is running on .* stop it before restoring into it/);
    });

    it('backs up the data folder itself once the server has stopped', async () => {
      await sourceServer.stop();
      const file = join(freshFolder(), 'stopped.sql');
      const taken = await command('backup', [file], sourceTarget);
      expect(taken.code, taken.output).toBe(0);
      expect(taken.output).toMatch(/through the data folder/);
      const copy = readFileSync(file, 'utf8');
      for (const write of writes) expect(copy).toContain(write.id);
      // The online copy was compressed (its name ends in .gz) and holds the same acknowledged rows.
      const online = gunzipSync(readFileSync(backupFile)).toString('utf8');
      for (const write of writes.filter((w) => w.answeredAt < backup.startedAt)) expect(online).toContain(write.id);
    });
  }
});
