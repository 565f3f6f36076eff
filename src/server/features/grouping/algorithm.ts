/**
 * Grouping of opted-in solos (issue 32, docs/decisions/023-grouping.md). Pure: people in, groups
 * out, the same groups for the same seed. Partial teams are filled first (kept whole); the rest are
 * ordered into bands (availability step, then time zone), cut into buckets of a few hundred, dealt
 * into groups by role (rarest first), then improved by local search (swaps and moves, annealed).
 */
import { timezoneHours } from '../../../shared/matching';
import { ROLES, rng, type PartialTeam, type Rng, type Solo } from './people';
import { explain, type BandStats, type Reason } from './reasons';
import { blockedById, groupCost, groupTerms, toMember, type GroupTerms, type Member } from './terms';

export interface GroupingInput {
  solos: Solo[];
  partialTeams?: PartialTeam[];
  /** Pairs never to be grouped together (either asked not to be, or blocked). */
  forbidden?: ReadonlyArray<readonly [string, string]>;
  /** The event's team size bounds. */
  size: { min: number; max: number };
  seed: number;
  /** People per bucket (default 320). */
  bucketSize?: number;
  /** Local search steps per person (default 300). */
  effort?: number;
}

export interface ProposedGroup {
  /** The partial team this group fills, or null for a new group. */
  teamId: string | null;
  memberIds: string[];
  /** The solos proposed (for a partial team: only the newcomers). */
  proposedIds: string[];
  terms: GroupTerms;
  reasons: Reason[];
  tradeOff: Reason;
}

export interface GroupingResult {
  groups: ProposedGroup[];
  /** Opted-in solos who got no proposal (the count forced it, or every group near them was forbidden). */
  unplaced: string[];
}

const UNKNOWN = 99;

/** Group sizes for n people within [min, max]: as large as allowed, one smaller where the count needs; leftovers when none fit. */
export function plannedSizes(n: number, min: number, max: number): { sizes: number[]; leftover: number } {
  if (n < Math.max(min, 1)) return { sizes: [], leftover: n };
  let g = Math.ceil(n / max);
  let base = Math.floor(n / g);
  if (base < min) {
    g = Math.floor(n / min);
    base = Math.floor(n / g);
  }
  const extras = n - base * g;
  const sizes: number[] = [];
  let leftover = 0;
  for (let i = 0; i < g; i++) {
    let s = base + (i < extras ? 1 : 0);
    if (s > max) {
      leftover += s - max;
      s = max;
    }
    sizes.push(s);
  }
  return { sizes, leftover };
}

export function formGroups(input: GroupingInput): GroupingResult {
  const { min, max } = input.size;
  const random = rng(input.seed);
  const teamMemberIds = new Set((input.partialTeams ?? []).flatMap((t) => t.members.map((m) => m.id)));
  // Only solos without a team, once each; sorted by id so the input's order does not matter.
  const seen = new Set<string>();
  const solos = [...input.solos]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .filter((s) => !teamMemberIds.has(s.id) && !seen.has(s.id) && seen.add(s.id));
  const blocked = blockedById(input.forbidden ?? []);
  const members = solos.map((s, i) => toMember(s, i, blocked.get(s.id) ?? null));
  const tie = members.map(() => random.next());
  const offset = members.map((m) => timezoneHours(m.person.timezone) ?? UNKNOWN);
  // Unknown time zones are spread evenly through their availability step's band.
  const unknownSeen = [0, 0, 0, 0];
  const order = members.map((m) => m.index);
  order.sort((a, b) => tie[a] - tie[b]);
  for (const i of order) if (offset[i] === UNKNOWN) offset[i] = -12 + ((unknownSeen[members[i].step]++ * 7.3) % 24);
  order.sort((a, b) => members[a].step - members[b].step || offset[a] - offset[b] || tie[a] - tie[b]);

  const used = new Uint8Array(members.length);
  const groups: ProposedGroup[] = [];
  const unplaced: string[] = [];

  // 1. Partial teams first: each takes the best fitting solos near its band.
  const teams = [...(input.partialTeams ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1));
  const teamBlocked = (s: Solo) => blocked.get(s.id) ?? null;
  for (const team of teams) {
    const core = team.members.map((m, i) => toMember(m, -1 - i, teamBlocked(m)));
    const want = Math.max(0, Math.min(team.wanted, max - core.length));
    const proposed: Member[] = [];
    if (want > 0) {
      const candidates = near(order, members, offset, core, used, 600);
      for (let k = 0; k < want; k++) {
        let best: Member | null = null;
        let bestCost = Infinity;
        const group = [...core, ...proposed];
        for (const c of candidates) {
          if (used[c.index]) continue;
          group.push(c);
          const cost = groupCost(group);
          group.pop();
          if (cost < bestCost) {
            best = c;
            bestCost = cost;
          }
        }
        if (!best || bestCost >= 1e6) break;
        used[best.index] = 1;
        proposed.push(best);
      }
    }
    if (proposed.length === 0) continue;
    groups.push(finish(team.id, core, proposed));
  }

  // 2. New groups from the rest, bucket by bucket.
  const rest = order.filter((i) => !used[i]);
  const plan = plannedSizes(rest.length, Math.max(min, 2), max);
  const keep = rest.length - plan.leftover;
  for (const i of rest.slice(keep)) unplaced.push(members[i].person.id);
  const perBucket = Math.max(1, Math.round((input.bucketSize ?? 320) / max));
  let at = 0;
  for (let g = 0; g < plan.sizes.length; g += perBucket) {
    const sizes = plan.sizes.slice(g, g + perBucket);
    const count = sizes.reduce((a, b) => a + b, 0);
    const bucket = rest.slice(at, at + count).map((i) => members[i]);
    at += count;
    const formed = solveBucket(bucket, sizes, random, input.effort ?? 300);
    const stats = bandStats(bucket, sizes.length);
    for (const group of formed) {
      // The hard rule, checked once more: a forbidden pair never leaves here together.
      const clean: Member[] = [];
      for (const m of group) {
        if (m.blocked && clean.some((c) => m.blocked!.has(c.person.id))) unplaced.push(m.person.id);
        else clean.push(m);
      }
      if (clean.length < Math.max(min, 2)) unplaced.push(...clean.map((m) => m.person.id));
      else groups.push(finish(null, [], clean, stats));
    }
  }
  return { groups, unplaced };
}

function finish(teamId: string | null, core: Member[], proposed: Member[], stats?: BandStats): ProposedGroup {
  const all = [...core, ...proposed];
  const terms = groupTerms(all);
  const { reasons, tradeOff } = explain(all, terms, stats);
  return {
    teamId,
    memberIds: all.map((m) => m.person.id),
    proposedIds: proposed.map((m) => m.person.id),
    terms,
    reasons,
    tradeOff,
  };
}

/** Up to `limit` unused solos nearest a team's band in the sorted order. */
function near(order: number[], members: Member[], offset: number[], core: Member[], used: Uint8Array, limit: number): Member[] {
  const step = core[0]?.step ?? 0;
  const off = timezoneHours(core.find((m) => m.known)?.person.timezone ?? null) ?? 0;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const m = members[order[mid]];
    if (m.step < step || (m.step === step && offset[order[mid]] < off)) lo = mid + 1;
    else hi = mid;
  }
  const out: Member[] = [];
  for (let d = 0; out.length < limit && (lo - d >= 0 || lo + d < order.length); d++) {
    for (const j of d === 0 ? [lo] : [lo - d, lo + d]) {
      if (j < 0 || j >= order.length || used[order[j]]) continue;
      out.push(members[order[j]]);
    }
  }
  return out;
}

function bandStats(bucket: Member[], groups: number): BandStats {
  const supply = ROLES.map(() => 0);
  for (const m of bucket) supply[m.role]++;
  return { supply, groups };
}

/** Deal a bucket into groups of the planned sizes (rarest role first), then improve by local search. */
export function solveBucket(bucket: Member[], sizes: number[], random: Rng, effort: number): Member[][] {
  const g = sizes.length;
  const groups: Member[][] = sizes.map(() => []);
  const supply = ROLES.map(() => 0);
  for (const m of bucket) supply[m.role]++;
  const dealt = [...bucket].sort((a, b) => supply[a.role] - supply[b.role] || a.role - b.role || b.level - a.level);
  let cursor = 0;
  for (const m of dealt) {
    // The next group with room and no forbidden partner; any with room otherwise.
    let pick = -1;
    for (let k = 0; k < g; k++) {
      const j = (cursor + k) % g;
      if (groups[j].length >= sizes[j]) continue;
      if (pick < 0) pick = j;
      if (!m.blocked || !groups[j].some((o) => m.blocked!.has(o.person.id))) {
        pick = j;
        break;
      }
    }
    groups[pick].push(m);
    cursor = (pick + 1) % g;
  }
  if (g < 2) return groups;
  const cost = groups.map((gr) => groupCost(gr));
  const steps = effort * bucket.length;
  const t0 = 6;
  const t1 = 0.02;
  for (let s = 0; s < steps; s++) {
    const temp = t0 * Math.pow(t1 / t0, s / steps);
    const a = random.int(g);
    let b = random.int(g - 1);
    if (b >= a) b++;
    const A = groups[a];
    const B = groups[b];
    const i = random.int(A.length);
    // One in eight tries is a move (when sizes allow), the rest swaps.
    const move = A.length > B.length && random.next() < 0.125;
    if (move) {
      const [m] = A.splice(i, 1);
      B.push(m);
      const ca = groupCost(A);
      const cb = groupCost(B);
      const delta = ca + cb - cost[a] - cost[b];
      if (delta <= 0 || random.next() < Math.exp(-delta / temp)) {
        cost[a] = ca;
        cost[b] = cb;
      } else {
        B.pop();
        A.splice(i, 0, m);
      }
      continue;
    }
    const j = random.int(B.length);
    const x = A[i];
    A[i] = B[j];
    B[j] = x;
    const ca = groupCost(A);
    const cb = groupCost(B);
    const delta = ca + cb - cost[a] - cost[b];
    if (delta <= 0 || random.next() < Math.exp(-delta / temp)) {
      cost[a] = ca;
      cost[b] = cb;
    } else {
      B[j] = A[i];
      A[i] = x;
    }
  }
  return groups;
}
