/**
 * The grouping case's measuring process (a child, so its memory is its own): `synthetic` groups a
 * seeded event of BENCH_GROUPING_SOLOS solos (10,000) for BENCH_GROUPING_SEEDS seeds (5); `file
 * <path>` groups the people read from the bench's database. Prints one JSON line: the quality
 * table (product and baselines), times, the rerun of 500 and the peak memory.
 */
import { readFileSync } from 'node:fs';
import {
  formGroups,
  measure,
  syntheticEvent,
  totalViolations,
  type PartialTeam,
  type Quality,
  type Solo,
} from '../src/server/features/grouping';
import { BASELINES } from './grouping-baselines';

export interface GroupingRow {
  name: string;
  quality: Quality;
  violations: number;
  ms: number[];
}
export interface GroupingWorkerResult {
  data: string;
  people: number;
  partialTeams: number;
  forbiddenPairs: number;
  rows: GroupingRow[];
  rerun500Ms: number | null;
  deterministic: boolean;
  maxRssMb: number;
}

const SIZE = { min: 2, max: 4 };
const opts = (forbidden: [string, string][], partialTeams: PartialTeam[]) => ({ ...SIZE, preferredMin: 3, forbidden, partialTeams });

function run(
  data: string,
  solos: Solo[],
  partialTeams: PartialTeam[],
  forbidden: [string, string][],
  seeds: number[],
): GroupingWorkerResult {
  const rows: GroupingRow[] = [];
  const product: GroupingRow = { name: 'product', quality: null as unknown as Quality, violations: 0, ms: [] };
  let first: string | null = null;
  for (const seed of seeds) {
    const started = performance.now();
    const result = formGroups({ solos, forbidden, size: SIZE, seed });
    product.ms.push(Math.round(performance.now() - started));
    const q = measure(solos, result.groups, opts(forbidden, []));
    product.violations = Math.max(product.violations, totalViolations(q));
    if (seed === seeds[0]) {
      product.quality = q;
      first = JSON.stringify(result.groups.map((g) => g.memberIds));
    }
  }
  // The same seed again: the same proposals.
  const deterministic =
    JSON.stringify(formGroups({ solos, forbidden, size: SIZE, seed: seeds[0] }).groups.map((g) => g.memberIds)) === first;
  rows.push(product);
  if (partialTeams.length) {
    const started = performance.now();
    const result = formGroups({ solos, partialTeams, forbidden, size: SIZE, seed: seeds[0] });
    const ms = Math.round(performance.now() - started);
    const q = measure(solos, result.groups, opts(forbidden, partialTeams));
    rows.push({
      name: `product, with ${partialTeams.length} partial teams filled first`,
      quality: q,
      violations: totalViolations(q),
      ms: [ms],
    });
  }
  for (const [name, baseline] of BASELINES) {
    const started = performance.now();
    const groups = baseline(solos, SIZE, seeds[0]).map((memberIds) => ({ teamId: null, memberIds }));
    const ms = Math.round(performance.now() - started);
    const q = measure(solos, groups, opts(forbidden, []));
    rows.push({ name, quality: q, violations: totalViolations(q), ms: [ms] });
  }
  // A rerun for 500 late or declined people.
  const late = solos.slice(0, 500);
  const started = performance.now();
  formGroups({ solos: late, forbidden, size: SIZE, seed: seeds[0] + 1 });
  const rerun500Ms = late.length === 500 ? Math.round(performance.now() - started) : null;
  return {
    data,
    people: solos.length,
    partialTeams: partialTeams.length,
    forbiddenPairs: forbidden.length,
    rows,
    rerun500Ms,
    deterministic,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

const [mode, path] = process.argv.slice(2);
const seedCount = Number(process.env.BENCH_GROUPING_SEEDS || 5);
const seeds = Array.from({ length: seedCount }, (_, i) => i + 1);
let out: GroupingWorkerResult;
if (mode === 'file') {
  const data = JSON.parse(readFileSync(path, 'utf8')) as {
    label: string;
    solos: Solo[];
    partialTeams: PartialTeam[];
    forbidden: [string, string][];
  };
  out = run(data.label, data.solos, data.partialTeams, data.forbidden, seeds.slice(0, 1));
} else {
  const n = Number(process.env.BENCH_GROUPING_SOLOS || 10_000);
  const event = syntheticEvent({ solos: n, partialTeams: Math.round(n / 50), seed: 1 });
  out = run(`synthetic event, seed 1`, event.solos, event.partialTeams, event.forbidden, seeds);
}
console.log(JSON.stringify(out));
