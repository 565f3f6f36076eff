/**
 * The quality table of issue 32, for the product and the baselines alike: placement, role
 * coverage C, groups without a builder, shared hours, availability within one step, all-beginner
 * groups, and violations of the hard rules.
 */
import { ROLES, type PartialTeam, type Solo } from './people';
import { BUILD, forbiddenSet, groupTerms, MIN_SHARED_HOURS, pairKey, toMember } from './terms';

export interface Grouped {
  teamId: string | null;
  memberIds: string[];
}

export interface Quality {
  people: number;
  groups: number;
  /** Share of solos in a group of size within [preferredMin, max]. */
  placement: number;
  /** Σ distinct roles per group ÷ Σ_r min(supply_r, groups). */
  coverage: number;
  withoutBuilder: number;
  /** Groups without a builder the supply forces: max(0, groups - builders). */
  withoutBuilderForced: number;
  /** Share of groups sharing at least 4 waking hours (members with a time zone). */
  sharedHours: number;
  /** Share of groups with no two availabilities more than one step apart. */
  availabilityWithinStep: number;
  allBeginners: number;
  allBeginnersForced: number;
  violations: { forbidden: number; size: number; notEligible: number; teamsSplit: number; duplicates: number };
}

export function measure(
  solos: Solo[],
  grouped: Grouped[],
  opts: {
    min: number;
    max: number;
    preferredMin: number;
    forbidden: ReadonlyArray<readonly [string, string]>;
    partialTeams?: PartialTeam[];
  },
): Quality {
  const byId = new Map<string, Solo>();
  for (const s of solos) byId.set(s.id, s);
  const teamOf = new Map<string, PartialTeam>();
  for (const t of opts.partialTeams ?? []) {
    teamOf.set(t.id, t);
    for (const m of t.members) byId.set(m.id, m);
  }
  const teamMemberIds = new Set((opts.partialTeams ?? []).flatMap((t) => t.members.map((m) => m.id)));
  const forbidden = forbiddenSet(opts.forbidden);
  const v = { forbidden: 0, size: 0, notEligible: 0, teamsSplit: 0, duplicates: 0 };
  const seen = new Set<string>();
  let placed = 0;
  let distinct = 0;
  let withoutBuilder = 0;
  let hoursOk = 0;
  let availOk = 0;
  let allBeginners = 0;
  let newGroups = 0;
  for (const g of grouped) {
    const team = g.teamId ? teamOf.get(g.teamId) : undefined;
    if (g.teamId && (!team || team.members.some((m) => !g.memberIds.includes(m.id)))) v.teamsSplit++;
    const ownIds = new Set(team?.members.map((m) => m.id));
    const members = g.memberIds.map((id, i) => {
      const s = byId.get(id);
      const own = ownIds.has(id);
      // A team's own members stay where they are: one in two partial teams (an event that allows
      // several teams a person) is in both already, and is proposed to neither.
      if (!own && seen.has(id)) v.duplicates++;
      if (!own) seen.add(id);
      if (!s || (!own && teamMemberIds.has(id))) v.notEligible++;
      return toMember(s ?? { id, role: 'build', timezone: null, availability: 'Flexible', level: 'Beginner', order: 0 }, i);
    });
    for (let i = 0; i < g.memberIds.length; i++)
      for (let j = 0; j < i; j++)
        if ((!ownIds.has(g.memberIds[i]) || !ownIds.has(g.memberIds[j])) && forbidden.has(pairKey(g.memberIds[i], g.memberIds[j])))
          v.forbidden++;
    if (g.memberIds.length > opts.max || (!team && g.memberIds.length < opts.min)) v.size++;
    const t = groupTerms(members);
    const solosHere = members.filter((m) => !teamMemberIds.has(m.person.id)).length;
    if (g.memberIds.length >= opts.preferredMin && g.memberIds.length <= opts.max) placed += solosHere;
    if (!team) newGroups++;
    distinct += t.distinctRoles;
    if (!t.hasBuilder) withoutBuilder++;
    if (t.sharedHours >= MIN_SHARED_HOURS) hoursOk++;
    if (t.availabilitySpread <= 1) availOk++;
    if (t.allBeginners && t.size > 1) allBeginners++;
  }
  const n = grouped.length;
  // The bound: every group could hold each role at most once, and each person once.
  const supply = ROLES.map(() => 0);
  let experienced = 0;
  const everyone = [...solos, ...(opts.partialTeams ?? []).flatMap((t) => t.members)];
  for (const s of everyone) {
    supply[ROLES.indexOf(s.role)]++;
    if (s.level !== 'Beginner') experienced++;
  }
  const bound = supply.reduce((a, s) => a + Math.min(s, n), 0);
  return {
    people: solos.length,
    groups: n,
    placement: solos.length ? placed / solos.length : 1,
    coverage: bound ? distinct / bound : 1,
    withoutBuilder,
    withoutBuilderForced: Math.max(0, n - supply[BUILD]),
    sharedHours: n ? hoursOk / n : 1,
    availabilityWithinStep: n ? availOk / n : 1,
    allBeginners,
    allBeginnersForced: Math.max(0, newGroups - experienced),
    violations: v,
  };
}

export const totalViolations = (q: Quality) => Object.values(q.violations).reduce((a, b) => a + b, 0);
