/**
 * The four baselines of issue 32, computed in the same run as the product: random, first come
 * (Factotum's queues), greedy by similarity (bitcamp's matcher) and time-zone bands dealt
 * round-robin by role. None knows forbidden pairs, availability or levels; they form new groups
 * from the solos only.
 */
import { plannedSizes, ROLES, type Solo } from '../src/server/features/grouping';
import { rng } from '../src/server/features/grouping/people';
import { timezoneHours } from '../src/shared/matching';

export type Baseline = (solos: Solo[], size: { min: number; max: number }, seed: number) => string[][];

function chunk(ids: string[], size: { min: number; max: number }): string[][] {
  const { sizes, leftover } = plannedSizes(ids.length, size.min, size.max);
  const out: string[][] = [];
  let at = 0;
  for (const s of sizes) {
    out.push(ids.slice(at, at + s));
    at += s;
  }
  void leftover;
  return out;
}

export const random: Baseline = (solos, size, seed) => {
  const r = rng(seed * 31 + 7);
  const ids = solos.map((s) => s.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return chunk(ids, size);
};

/** Factotum: a queue, first come first served, no skills at all. */
export const firstCome: Baseline = (solos, size) =>
  chunk(
    [...solos].sort((a, b) => a.order - b.order).map((s) => s.id),
    size,
  );

/**
 * bitcamp: each unplaced person in queue order takes the most similar unplaced people (cosine of
 * skill sets; its level and commitment terms are cosines of one-element vectors, always 1, so they
 * add a constant and are left out). Candidates: the next 4,000 unplaced in the queue, so that the
 * 130,000-person data finishes (bitcamp scans everyone; on 10,000 that changes little).
 */
export const greedySimilarity: Baseline = (solos, size) => {
  const queue = [...solos].sort((a, b) => a.order - b.order);
  const sets = queue.map((s) => new Set((s.skills ?? []).map((k) => k.toLowerCase())));
  const cosine = (a: Set<string>, b: Set<string>) => {
    if (!a.size || !b.size) return 0;
    let common = 0;
    for (const x of a) if (b.has(x)) common++;
    return common / Math.sqrt(a.size * b.size);
  };
  const { sizes } = plannedSizes(queue.length, size.min, size.max);
  const used = new Uint8Array(queue.length);
  const out: string[][] = [];
  let head = 0;
  for (const s of sizes) {
    while (used[head]) head++;
    const seedIdx = head;
    used[seedIdx] = 1;
    const group = [seedIdx];
    while (group.length < s) {
      let best = -1;
      let bestScore = -1;
      let seen = 0;
      for (let j = seedIdx + 1; j < queue.length && seen < 4000; j++) {
        if (used[j]) continue;
        seen++;
        let score = 0;
        for (const g of group) score += cosine(sets[g], sets[j]);
        if (score > bestScore) {
          best = j;
          bestScore = score;
        }
      }
      if (best < 0) break;
      used[best] = 1;
      group.push(best);
    }
    out.push(group.map((i) => queue[i].id));
  }
  return out;
};

/** Time-zone bands (people sorted by offset, 40 groups a band), each band dealt round-robin by role. */
export const zoneRoundRobin: Baseline = (solos, size) => {
  const sorted = [...solos].sort((a, b) => (timezoneHours(a.timezone) ?? 99) - (timezoneHours(b.timezone) ?? 99) || a.order - b.order);
  const { sizes } = plannedSizes(sorted.length, size.min, size.max);
  const out: string[][] = [];
  let at = 0;
  for (let g = 0; g < sizes.length; g += 40) {
    const band = sizes.slice(g, g + 40);
    const count = band.reduce((a, b) => a + b, 0);
    const people = sorted.slice(at, at + count).sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role));
    at += count;
    const groups: string[][] = band.map(() => []);
    let k = 0;
    for (const p of people) {
      while (groups[k % band.length].length >= band[k % band.length]) k++;
      groups[k % band.length].push(p.id);
      k++;
    }
    out.push(...groups);
  }
  return out;
};

export const BASELINES: [string, Baseline][] = [
  ['random', random],
  ['first come (Factotum)', firstCome],
  ['greedy by similarity (bitcamp)', greedySimilarity],
  ['time-zone bands, round-robin by role', zoneRoundRobin],
];
