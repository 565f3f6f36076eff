/**
 * `npm run bench`: generates a hackathon-sized data set into a fresh database, starts the real
 * server on it and loads it over HTTP, then checks the targets of issue 6. PGlite by default;
 * PostgreSQL when DATABASE_URL is set (a new database is created on that server and dropped).
 *
 * BENCH_SCALE (1 = 130,000 profiles and 30,000 teams), BENCH_DURATION (seconds per case, 10),
 * BENCH_WARMUP (seconds, 2), BENCH_CONNECTIONS (32), BENCH_WRITE_REQUESTS (1,000), BENCH_STREAMS (open
 * event streams in the notification case: 10,000 on PostgreSQL, 2,000 on PGlite; five per leader, one
 * join request per leader),
 * BENCH_KICKOFF_CLIENTS (200 concurrent sign-ups and sign-ins), BENCH_KICKOFF_SECONDS (15),
 * BENCH_KICKOFF_BROWSE_CONNECTIONS (5), BENCH_OVERLOAD_CONNECTIONS (500), BENCH_OVERLOAD_SECONDS (60),
 * BENCH_AMPLIFY_STREAMS (streams one account tries to open in the amplification case, 1,000),
 * BENCH_AMPLIFY_SECONDS (15), BENCH_AMPLIFY_LOOPS (requesters asking and cancelling, 2).
 * BENCH_CASES picks the cases, comma separated (all by default): reads, matching, legacy, write,
 * notify, amplify, explain, kickoff, overload, grouping, desk. BENCH_GROUPING_SOLOS (synthetic solos in the grouping
 * case, 10,000), BENCH_GROUPING_SEEDS (5); desk (issue 31: dashboard, export, announcement): BENCH_DESK_CONNECTIONS
 * staff clients on the dashboard, 4. BENCH_NODE_ARGS: Node options for the server process (a CPU profile:
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createBenchDatabase, type BenchDatabase } from './database';
import { explainProfileList, explainStatements } from './explain';
import { exportMemoryLine, measureExportMemory } from './export-memory';
import { listTeams } from '../src/server/features/teams/list.repo';
import { generate, ms, rows } from './generate';
import { measureLegacyDownload } from './legacy';
import { failureKindsText, runInTurn, settle, type LoadCase, type LoadResult } from './load';
import { runKickoffCase, type KickoffResult } from './kickoff-case';
import { checkTargets, markdown, type WriteChecks } from './report';
import { DAY_AGO, readCases } from './read-cases';
import { startServer, type RunningServer } from './server';
import { explainMatching, matchingCases, prepareMatching, SEEKER, signInMatcher } from './matching-case';
import { runNotifyCase } from './notify-case';
import { runAmplifyCase, type AmplifyResult } from './amplify-case';
import { STREAMS_PER_ACCOUNT } from '../src/shared/constants';
import { runOverloadCaseApart, type OverloadResult } from './overload-case';
import { runWriteCase } from './write-case';
import { exportBenchPeople, groupingMarkdown, groupingTargets, runGroupingWorker } from './grouping-case';
import type { GroupingWorkerResult } from './grouping-worker';
import { deskMarkdown, deskTargets, prepareDesk, runDeskCase, type DeskResult } from './desk-case';

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`);
  return value;
};

const config = {
  scale: num('BENCH_SCALE', 1),
  durationSeconds: num('BENCH_DURATION', 10),
  warmupSeconds: num('BENCH_WARMUP', 2),
  // A case and its per-event twins share their time in this many slices each, taken in turn.
  twinRounds: num('BENCH_TWIN_ROUNDS', 5),
  connections: num('BENCH_CONNECTIONS', 32),
  writeRequests: num('BENCH_WRITE_REQUESTS', 1000),
  // A large event's people online at once on PostgreSQL (issue 30); the embedded database serves a smaller one.
  streams: num('BENCH_STREAMS', process.env.DATABASE_URL ? 10_000 : 2000),
  kickoffClients: num('BENCH_KICKOFF_CLIENTS', 200),
  kickoffSeconds: num('BENCH_KICKOFF_SECONDS', 15),
  kickoffBrowseConnections: num('BENCH_KICKOFF_BROWSE_CONNECTIONS', 5),
  overloadConnections: num('BENCH_OVERLOAD_CONNECTIONS', 500),
  overloadSeconds: num('BENCH_OVERLOAD_SECONDS', 60),
  amplifyStreams: num('BENCH_AMPLIFY_STREAMS', 1000),
  amplifySeconds: num('BENCH_AMPLIFY_SECONDS', 15),
  amplifyLoops: num('BENCH_AMPLIFY_LOOPS', 2),
  deskConnections: num('BENCH_DESK_CONNECTIONS', 4),
};

const CASES = ['reads', 'matching', 'legacy', 'write', 'notify', 'amplify', 'explain', 'kickoff', 'overload', 'grouping', 'desk'] as const;
type CaseName = (typeof CASES)[number];
const selected: CaseName[] = (() => {
  const raw = process.env.BENCH_CASES?.trim();
  if (!raw) return [...CASES];
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(CASES as readonly string[]).includes(n));
  if (unknown.length || names.length === 0)
    throw new Error(`BENCH_CASES: unknown case(s) ${JSON.stringify(unknown)}; choose from ${CASES.join(', ')}`);
  return names as CaseName[];
})();
const wants = (name: CaseName) => selected.includes(name);
/** BENCH_ONLY: a regular expression; only the read cases whose names match it run (with the health route). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

const log = (line: string) => console.log(`- ${line}`);

/** A request that needs the database and answers 404 quickly: the server is idle again. */
const SETTLE_PROBE = '/api/teams/00000000-0000-4000-8000-000000000000';

async function writeChecks(bench: BenchDatabase, teamIds: string[]): Promise<WriteChecks> {
  const database = await bench.open();
  try {
    const ids = `{${teamIds.join(',')}}`;
    const [row] = await rows<Record<keyof WriteChecks, number>>(
      database.db,
      sql`
      select
        (select count(*)::int from join_requests where team_id = any(${ids}::uuid[]) and status = 'accepted') as "acceptedRequests",
        (select count(*)::int from join_requests where team_id = any(${ids}::uuid[]) and status = 'pending') as "pendingLeft",
        (select count(*)::int from team_members where team_id = any(${ids}::uuid[]) and not is_leader) as "membersAdded",
        (select count(*)::int from (select 1 from team_members where team_id = any(${ids}::uuid[])
           group by team_id, profile_id having count(*) > 1) d) as "duplicateMembers",
        (select count(*)::int from (select 1 from join_requests where team_id = any(${ids}::uuid[])
           group by team_id, profile_id having count(*) > 1) d) as "duplicateRequests"`,
    );
    return row;
  } finally {
    await database.close();
  }
}

/** Reads (scans) of the notifications table so far, from PostgreSQL's statistics; null on PGlite (inside the server). */
async function notificationTableReads(bench: BenchDatabase): Promise<number | null> {
  if (bench.kind !== 'postgres') return null;
  const client = new pg.Client({ connectionString: bench.serverEnv.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ reads: string }>(
      "select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as reads from pg_stat_user_tables where relname = 'notifications'",
    );
    return Number(rows[0]?.reads ?? 0);
  } finally {
    await client.end();
  }
}

async function main() {
  const startedAt = new Date();
  const bench = await createBenchDatabase(process.env.DATABASE_URL || undefined);
  let server: RunningServer | null = null;
  let destroyed = false;
  const cleanUp = async () => {
    if (destroyed) return;
    destroyed = true;
    await server?.stop().catch(() => {});
    // BENCH_KEEP_DATABASE=1 leaves the data for EXPLAIN by hand (bench/explain.ts); remove it yourself.
    if (process.env.BENCH_KEEP_DATABASE) console.log(`- kept the database: ${bench.where}`);
    else await bench.destroy().catch((e) => console.error(`could not remove ${bench.where}: ${e}`));
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    log(
      `database: ${bench.kind} at ${bench.where}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const genStarted = performance.now();
    const database = await bench.open();
    log(`opened and migrated in ${ms(genStarted)}`);
    const data = await generate(database.db, {
      profiles: Math.round(130_000 * config.scale),
      teams: Math.round(30_000 * config.scale),
      log: (l) => log(l),
    });
    log(
      `generated the data set in ${(data.timings.totalMs / 1000).toFixed(1)} s: ${Object.entries(data.counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
    const matcher = wants('matching')
      ? await prepareMatching(database.db, { large: data.largeEvent.id, small: data.smallEvents.map((e) => e.id) })
      : null;
    if (matcher)
      log(
        `matching: a bench account leads ${matcher.teamIds.length} teams of the large event and ${matcher.smallTeamIds.length} of small ones`,
      );
    const legacy = wants('legacy') ? await measureLegacyDownload(database.db) : null;
    if (legacy) log(`earlier app's full download: ${legacy.bytes} bytes in ${legacy.ms} ms`);
    const groupingData = wants('grouping') ? await exportBenchPeople(database.db, data.largeEvent.id) : null;
    if (wants('desk')) await prepareDesk(database.db, data.largeEvent.id);
    await database.close();

    // Grouping (issue 32) needs no server: each data set in its own process, before the load cases.
    const grouping: GroupingWorkerResult[] = [];
    if (groupingData) {
      log(`grouping: ${groupingData.solos} solos and ${groupingData.teams} partial teams in the large event`);
      grouping.push(await runGroupingWorker(['synthetic']));
      log(`grouping: synthetic event done`);
      grouping.push(await runGroupingWorker(['file', groupingData.file]));
      log(`grouping: bench data done`);
      rmSync(groupingData.file, { force: true });
    }

    server = await startServer(bench.serverEnv, log);
    const cases: LoadResult[] = [];
    const toRun = wants('reads') ? readCases(data) : [];
    if (matcher) {
      const cookie = await signInMatcher(server.url);
      const seekerCookie = await signInMatcher(server.url, SEEKER);
      // Before the health route (the last read case), so the ceiling is measured last as before.
      toRun.splice(Math.max(0, toRun.length - 1), 0, ...matchingCases(matcher.teamIds, matcher.smallTeamIds, cookie, seekerCookie));
    }
    // A case and its per-event twins run together, in turn (runInTurn), so they can be compared.
    const groups: LoadCase[][] = [];
    for (const c of toRun.filter((c) => !only || c.kind === 'ceiling' || only.test(c.name))) {
      const last = groups.at(-1);
      if (c.twin && last?.[0].twin?.of === c.twin.of) last.push(c);
      else groups.push([c]);
    }
    const url = server.url;
    const settled = () => settle(url, SETTLE_PROBE);
    for (const group of groups) {
      await settled();
      const twins = group.length > 1;
      for (const result of await runInTurn(url, group, config, twins ? config.twinRounds : 1, twins ? settled : undefined)) {
        log(
          `${result.name}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${result.responseBytes} bytes${result.failures ? `, ${result.failures} FAILED${failureKindsText(result)}` : ''}`,
        );
        cases.push(result);
      }
    }

    let write: Awaited<ReturnType<typeof runWriteCase>> | null = null;
    if (wants('write')) {
      await settle(server.url, SETTLE_PROBE);
      write = await runWriteCase(server.url, {
        requests: config.writeRequests,
        // A team takes at most 10: a leader and up to 9 accepted requests.
        leaders: Math.max(1, Math.ceil(config.writeRequests / 9)),
        requestsPerRequester: Math.min(10, config.writeRequests),
        concurrency: config.connections,
        log,
      });
      log(`write case done in ${write.seconds.toFixed(1)} s`);
    }

    let notify: Awaited<ReturnType<typeof runNotifyCase>> | null = null;
    if (wants('notify')) {
      await settle(server.url, SETTLE_PROBE);
      notify = await runNotifyCase(server.url, server.pid, {
        streams: config.streams,
        // As many as an account may hold open (the tabs of one browser share one).
        tabsPerLeader: STREAMS_PER_ACCOUNT,
        requestsPerRequester: 10,
        log,
      });
      log(
        `notify case: ${notify.delivered} of ${notify.expected} delivered, delay p50 ${notify.p50} ms, p95 ${notify.p95} ms, max ${notify.max} ms; ${notify.kbPerStream.toFixed(1)} KB per stream`,
      );
    }

    let amplify: AmplifyResult | null = null;
    if (wants('amplify')) {
      await settle(server.url, SETTLE_PROBE);
      amplify = await runAmplifyCase(server.url, {
        attempts: config.amplifyStreams,
        seconds: config.amplifySeconds,
        browseConnections: config.kickoffBrowseConnections,
        loops: config.amplifyLoops,
        browsePath: '/api/teams',
        settleProbe: SETTLE_PROBE,
        notificationReads: () => notificationTableReads(bench),
        log,
      });
      const a = amplify;
      log(
        `amplify: ${a.admitted} streams admitted, ${a.refused} refused; ${a.joinRequests} join requests, ${a.readsPerNotification ?? '-'} reads each;` +
          ` browse p50 ${a.browseUnderAttack.p50} ms (quiet ${a.browseQuiet.p50}, the loop alone ${a.browseLoopOnly.p50})`,
      );
    }

    let kickoff: KickoffResult | null = null;
    if (wants('kickoff')) {
      await settle(server.url, SETTLE_PROBE);
      kickoff = await runKickoffCase(server.url, {
        clients: config.kickoffClients,
        seconds: config.kickoffSeconds,
        browseConnections: config.kickoffBrowseConnections,
        browsePath: '/api/teams',
        settleProbe: SETTLE_PROBE,
        log,
      });
      log(
        `kickoff: ${kickoff.sessions.perSecond} sign-ups + sign-ins/s (${kickoff.signUps.count} sign-ups, ${kickoff.signIns.count} sign-ins, p50 ${kickoff.sessions.p50} ms, p99 ${kickoff.sessions.p99} ms), ${kickoff.busy.count} answered 503;` +
          ` browse ${kickoff.browseDuringSpike.rps} req/s (quiet ${kickoff.browseQuiet.rps}), p99 ${kickoff.browseDuringSpike.p99} ms (quiet ${kickoff.browseQuiet.p99})`,
      );
    }

    // The desk (issue 31) before the overload case, whose backlog would slow it; its announcement adds a notification per registrant.
    let desk: DeskResult | null = null;
    if (wants('desk')) {
      await settle(server.url, SETTLE_PROBE);
      desk = await runDeskCase(server.url, server.pid, {
        slug: data.largeEvent.slug,
        connections: config.deskConnections,
        durationSeconds: config.durationSeconds,
        warmupSeconds: config.warmupSeconds,
        browseConnections: config.kickoffBrowseConnections,
        browsePath: '/api/teams',
        settleProbe: SETTLE_PROBE,
        log,
      });
    }

    let overload: OverloadResult | null = null;
    if (wants('overload')) {
      await settle(server.url, SETTLE_PROBE);
      overload = await runOverloadCaseApart(server.url, {
        connections: config.overloadConnections,
        seconds: config.overloadSeconds,
        path: '/api/profiles',
      });
      const o = overload;
      log(
        `overload: ${o.connections} connections for ${o.seconds.toFixed(1)} s: ${o.answered} answered (${o.answeredPerSecond}/s), ${o.busy} answered 503, ${o.errors} other errors, ${o.timeouts} timeouts,` +
          ` ${o.unansweredAtEnd} unanswered at the end; every answer p50 ${o.latency.p50 ?? '-'} ms, p99 ${o.latency.p99 ?? '-'} ms, max ${o.latency.max ?? '-'} ms`,
      );
      await settle(server.url, SETTLE_PROBE);
    }
    await server.stop();
    server = null;

    const checks = write ? await writeChecks(bench, write.teamIds) : null;
    const target =
      bench.kind === 'postgres'
        ? { kind: 'postgres' as const, url: bench.serverEnv.DATABASE_URL }
        : { kind: 'pglite' as const, dataDir: bench.serverEnv.DATA_DIR };
    const explained = wants('explain')
      ? [
          ...(await explainProfileList(target, {
            q: 'developer',
            skills: data.popularSkills.slice(0, 2),
            availability: 'Full Time',
            looking: true,
            page: 1,
            pageSize: 24,
          })),
          // Sync: the large event's people changed in the last day (the (changed_at, id) index, docs/decisions/027-sync.md).
          ...(await explainProfileList(target, {
            skills: [],
            looking: false,
            event: data.largeEvent.slug,
            updatedSince: DAY_AGO(),
            page: 1,
            pageSize: 24,
          })),
          ...(await explainStatements(target, (db) =>
            listTeams(db, { open: false, event: data.largeEvent.slug, updatedSince: DAY_AGO(), page: 1, pageSize: 24 }),
          )),
        ]
      : [];
    const matchingPlans = matcher ? await explainMatching(target, matcher.profileId, matcher.teamIds[0]) : [];
    if (desk) {
      desk.exportMemory = await measureExportMemory(target, data.largeEvent.id, data.smallEvents[0].id);
      log(exportMemoryLine(desk.exportMemory));
    }

    const targets = checkTargets(
      bench.kind,
      cases,
      write && checks ? { result: write, checks } : null,
      explained,
      notify,
      kickoff,
      matchingPlans,
      overload,
      amplify,
    );
    targets.push(...groupingTargets(grouping));
    if (desk) targets.push(...deskTargets(bench.kind, desk));
    const title =
      `Benchmark on ${bench.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC,` +
      ` ${os.cpus().length} cores, ${data.counts.profiles} profiles and ${data.counts.teams} teams` +
      ` (${config.connections} connections, ${config.durationSeconds} s per case; cases: ${selected.join(', ')})`;
    console.log(
      `\n${markdown({ title, cases, legacy, write, notify, amplify, kickoff, overload, targets, explained, matchingPlans })}\n${desk ? `\n${deskMarkdown(desk)}\n` : ''}`,
    );
    if (grouping.length) console.log(`${groupingMarkdown(grouping)}\n`);

    const results = {
      database: bench.kind,
      startedAt: startedAt.toISOString(),
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        loadAverageAtEnd: os.loadavg(),
      },
      config,
      generation: { counts: data.counts, timings: data.timings },
      cases,
      legacy,
      casesRun: selected,
      hashing: { HASH_CONCURRENCY: process.env.HASH_CONCURRENCY ?? null, HASH_QUEUE: process.env.HASH_QUEUE ?? null },
      write: write ? { ...write, teamIds: undefined, checks } : null,
      notify,
      amplify,
      kickoff,
      overload,
      grouping,
      desk,
      explained,
      matchingPlans,
      targets,
      passed: targets.every((t) => t.pass),
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const file = `${dir}${bench.kind}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    log(`results: ${file}`);
    log(`${targets.filter((t) => t.pass).length} of ${targets.length} targets met`);
  } finally {
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
