/**
 * The read and matching cases against two running servers in turn (say, this code and the code
 * before a change, each on the bench data it generated), so that the machine's changes in speed
 * fall on both alike: a case and the health route run in short slices, alternating between the
 * servers and in which goes first. Prints each case's requests per second and share of the same
 * server's health route, and the second server's share against the first's. How to set the two
 * servers up: bench/README.md, 'Comparing two commits in turn'.
 *
 *   tsx bench/against.ts <first URL> <first DATABASE_URL> <second URL> <second DATABASE_URL>
 *
 * BENCH_AGAINST_ROUNDS (6) slices of BENCH_AGAINST_SLICE seconds (2) per case and server, after one
 * to warm up; BENCH_ONLY (a regular expression) picks cases (the health route always runs).
 */
import pg from 'pg';
import { runInTurn, type LoadCase } from './load';
import { MATCHER, matchingCases, signInMatcher } from './matching-case';
import { listCases } from './read-cases';

/** The cases on one server, with ids, skills and the bench account's teams read from its database. */
async function casesOf(baseUrl: string, databaseUrl: string): Promise<LoadCase[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const column = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows.map((r) => String(r.v));
    // The same ids on both data sets when they were generated alike; a spread sample otherwise.
    const teamIds = await column('select id as v from teams order by md5(id::text) limit 200');
    const profileIds = await column('select id as v from profiles order by md5(id::text) limit 200');
    const skills = await column(
      'select s.name as v from profile_skills ps join skills s on s.id = ps.skill_id group by s.name order by count(*) desc limit 8',
    );
    const led = await column(
      `select m.team_id as v from team_members m join profiles p on p.id = m.profile_id join users u on u.id = p.user_id
       where u.email = $1 and m.is_leader order by m.team_id limit 50`,
      [MATCHER.email],
    );
    const cookie = led.length ? await signInMatcher(baseUrl) : null;
    return [
      ...listCases(skills),
      { name: 'team detail', kind: 'detail', paths: teamIds.map((id) => `/api/teams/${id}`) },
      { name: 'profile detail', kind: 'detail', paths: profileIds.map((id) => `/api/profiles/${id}`) },
      ...(cookie ? matchingCases(led, [], cookie) : []),
      { name: 'health (ceiling)', kind: 'ceiling', paths: ['/api/health'] },
    ];
  } finally {
    await client.end();
  }
}

async function main() {
  const [firstUrl, firstDb, secondUrl, secondDb] = process.argv.slice(2);
  if (!secondDb) throw new Error('usage: tsx bench/against.ts <first URL> <first DATABASE_URL> <second URL> <second DATABASE_URL>');
  const rounds = Number(process.env.BENCH_AGAINST_ROUNDS || 6);
  const seconds = Number(process.env.BENCH_AGAINST_SLICE || 2);
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const servers = [
    { url: firstUrl, cases: await casesOf(firstUrl, firstDb) },
    { url: secondUrl, cases: await casesOf(secondUrl, secondDb) },
  ];
  const names = servers[0].cases
    .map((c) => c.name)
    .filter((name) => servers[1].cases.some((c) => c.name === name) && (!only || only.test(name) || name === 'health (ceiling)'));
  const slice = { connections: 32, durationSeconds: seconds, warmupSeconds: 0 };
  const served = servers.map(() => new Map<string, number>());
  for (let round = -1; round < rounds; round++) {
    for (const name of names) {
      for (const k of round % 2 ? [0, 1] : [1, 0]) {
        const [result] = await runInTurn(servers[k].url, [servers[k].cases.find((c) => c.name === name)!], slice, 1);
        // Round -1 warms both up and is not counted.
        if (round >= 0) served[k].set(name, (served[k].get(name) ?? 0) + result.requests);
      }
    }
  }
  const rps = (k: number, name: string) => served[k].get(name)! / (rounds * seconds);
  const share = (k: number, name: string) => rps(k, name) / rps(k, 'health (ceiling)');
  console.log(`${rounds} slices of ${seconds} s per case and server, in turn; share: of the same server's health route\n`);
  console.log('| case | first: req/s (share) | second: req/s (share) | second against first: req/s, share |');
  console.log('|---|---:|---:|---:|');
  for (const name of names) {
    const cell = (k: number) => `${Math.round(rps(k, name))} (${(share(k, name) * 100).toFixed(1)}%)`;
    const against = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
    console.log(
      `| ${name} | ${cell(0)} | ${cell(1)} | ${against(rps(1, name), rps(0, name))}, ${against(share(1, name), share(0, name))} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
