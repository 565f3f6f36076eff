/**
 * The terms a group is scored on, shared by the algorithm, its reasons and the bench's quality
 * table: distinct roles, a builder, shared waking hours, availability spread, not all beginners,
 * and the hard rule (no forbidden pair).
 */
import { AVAILABILITY_STEP, LEVEL_RANK, popcount, ROLES, wakingMask, type Role, type Solo } from './people';
import { MIN_SHARED_HOURS } from '../../../shared/api/grouping';

/** A person prepared for scoring: numbers instead of strings. */
export interface Member {
  person: Solo;
  index: number;
  role: number;
  step: number;
  level: number;
  /** Waking hours, 24-bit mask; -1 (every hour) when the time zone is unknown. */
  mask: number;
  known: boolean;
  /** Ids this person may not be grouped with (both directions), or null. */
  blocked: Set<string> | null;
}

export const ROLE_INDEX = new Map<Role, number>(ROLES.map((r, i) => [r, i]));
export const BUILD = 0;

export function toMember(person: Solo, index: number, blocked: Set<string> | null = null): Member {
  const mask = wakingMask(person.timezone, person.availability);
  return {
    person,
    index,
    role: ROLE_INDEX.get(person.role)!,
    step: AVAILABILITY_STEP[person.availability],
    level: LEVEL_RANK[person.level],
    mask: mask ?? 0xffffff,
    known: mask !== null,
    blocked,
  };
}

/** Hours a group should share at least (the desk flags a group with fewer). */
export { MIN_SHARED_HOURS };

export interface GroupTerms {
  size: number;
  distinctRoles: number;
  hasBuilder: boolean;
  /** Waking hours shared by the members whose time zone is known (24 when none is). */
  sharedHours: number;
  sharedMask: number;
  /** Highest minus lowest availability step. */
  availabilitySpread: number;
  allBeginners: boolean;
  forbiddenPairs: number;
}

/** Forbidden pairs as a lookup: 'a|b' with a < b. */
export type Forbidden = Set<string>;
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
export function forbiddenSet(pairs: Iterable<readonly [string, string]>): Forbidden {
  const set: Forbidden = new Set();
  for (const [a, b] of pairs) if (a !== b) set.add(pairKey(a, b));
  return set;
}

/** Each person's forbidden partners, both directions. */
export function blockedById(pairs: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    let set = map.get(a);
    if (!set) map.set(a, (set = new Set()));
    set.add(b);
  };
  for (const [a, b] of pairs)
    if (a !== b) {
      add(a, b);
      add(b, a);
    }
  return map;
}

export function groupTerms(members: readonly Member[]): GroupTerms {
  let roles = 0;
  let mask = 0xffffff;
  let lo = 9;
  let hi = -1;
  let maxLevel = 0;
  let bad = 0;
  for (let i = 0; i < members.length; i++) {
    const m = members[i];
    roles |= 1 << m.role;
    mask &= m.mask;
    if (m.step < lo) lo = m.step;
    if (m.step > hi) hi = m.step;
    if (m.level > maxLevel) maxLevel = m.level;
    if (m.blocked) for (let j = 0; j < i; j++) if (m.blocked.has(members[j].person.id)) bad++;
  }
  return {
    size: members.length,
    distinctRoles: popcount(roles),
    hasBuilder: (roles & (1 << BUILD)) !== 0,
    sharedHours: popcount(mask),
    sharedMask: mask,
    availabilitySpread: members.length ? hi - lo : 0,
    allBeginners: members.length > 0 && maxLevel === 0,
    forbiddenPairs: bad,
  };
}

/** Weights of the soft terms (lower cost is better); a forbidden pair costs more than all else together. */
export const WEIGHTS = {
  duplicateRole: 10,
  noBuilder: 25,
  missingHour: 12,
  fewerHours: 0.5,
  spreadStep: 14,
  allBeginners: 14,
  forbidden: 1e6,
};

/** The cost of one group; the algorithm minimises the sum over groups. */
export function groupCost(members: readonly Member[]): number {
  return termsCost(groupTerms(members));
}

export function termsCost(t: GroupTerms): number {
  if (t.size === 0) return 0;
  let cost = (t.size - t.distinctRoles) * WEIGHTS.duplicateRole;
  if (!t.hasBuilder) cost += WEIGHTS.noBuilder;
  if (t.sharedHours < MIN_SHARED_HOURS) cost += (MIN_SHARED_HOURS - t.sharedHours) * WEIGHTS.missingHour;
  cost += Math.max(0, 8 - t.sharedHours) * WEIGHTS.fewerHours;
  if (t.availabilitySpread > 1) cost += (t.availabilitySpread - 1) * WEIGHTS.spreadStep;
  else cost += t.availabilitySpread * 0.5;
  if (t.allBeginners && t.size > 1) cost += WEIGHTS.allBeginners;
  cost += t.forbiddenPairs * WEIGHTS.forbidden;
  return cost;
}
