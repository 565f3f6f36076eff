/**
 * Ranking over the matching store (docs/decisions/011-matching.md): who fits a team's open positions,
 * and which teams need a person. Adds up the points of the needed skills over the posting lists (a
 * few tens of thousands of additions for the most common skills, under a millisecond), in scratch
 * arrays reused by every ranking.
 */
import type { SkillBadge } from '../../../shared/api/profiles';
import { hoursBetween, SKILL_WEIGHT, timezonePoints } from '../../../shared/matching';
import { byStrength, fit, lower, points, POSITION_BITS, ZONES, type MatchingStore, type PersonSlot, type TeamSlot } from './postings';
import type { RankedPerson, RankedTeam } from './types';

/** In the scratch arrays of best points: left out of this ranking. */
const EXCLUDED = 255;

/**
 * The `k` first of `items` by `before` (a strict order), in order: a short sorted list each item is
 * tried against, instead of sorting them all (many people can share the top score).
 */
function best(items: number[], k: number, before: (a: number, b: number) => boolean): number[] {
  const top: number[] = [];
  for (const item of items) {
    if (top.length === k && !before(item, top[k - 1])) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(item, top[mid])) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}

export class Ranker {
  /**
   * Scratch of one ranking (left all zero after it): `sums` by person slot or packed team position,
   * the best points and position by person or team slot. Bytes (a position needs at most 8 skills:
   * 24 points), so that they stay in the processor's cache; EXCLUDED marks who is left out.
   */
  private sums = new Uint8Array(1024);
  private bestPoints = new Uint8Array(1024);
  private bestPosition = new Uint8Array(1024);
  /** The scores of those a ranking of people sorts, by slot. */
  private scores = new Int32Array(1024);
  /** Who (or which position) one ranking visits: `touched` overall, `here` for one position. */
  private touched = new Int32Array(1024);
  private here = new Int32Array(1024);
  /** Set while a ranking uses the scratch arrays; still set at the next means that one failed. */
  private scratchInUse = false;

  /**
   * @param pruneFrom A position's most held skill is left out of a first pass when this many people
   *   or more hold it (see rankPeople); tests set 1 to prune whenever they can.
   */
  constructor(
    private readonly store: MatchingStore,
    private readonly pruneFrom: number,
  ) {}

  /** The scratch arrays, at least `size` long and all zero (a ranking that failed half-way left them as they were). */
  private scratch(size: number) {
    this.sums = fit(this.sums, size);
    this.bestPoints = fit(this.bestPoints, size);
    this.bestPosition = fit(this.bestPosition, size);
    this.touched = fit(this.touched, size);
    this.here = fit(this.here, size);
    this.scores = fit(this.scores, size);
    if (this.scratchInUse) {
      this.sums.fill(0);
      this.bestPoints.fill(0);
    }
    this.scratchInUse = true;
  }
  /**
   * The people who fit a team's positions best (in the order given, the first winning a tie), skipping
   * `exclude`: for each the position with the most skill points, then 10 x skill points +
   * availability points + time zone points (hours to the nearest of `memberHours`), ties to the most
   * recently active, then by id. Returns the first `wanted`.
   *
   * The skill points are summed over who holds each needed skill, except that a first pass leaves
   * out, for each position needing two skills or more, its most held skill when it is held widely
   * (JavaScript: a quarter of everyone). That skill's points are added from the person's own skills
   * for those the pass visits. Someone the pass does not visit for a position holds at most that one
   * of its skills, 3 points at most; so when `wanted` people reach 4 points or more, they are the
   * best, exactly as a full pass would rank them. Otherwise the full pass runs.
   */
  rankPeople(opts: {
    positions: { title: string; skills: string[] }[];
    memberHours: number[];
    exclude: Set<string>;
    wanted: number;
  }): RankedPerson[] {
    const positions = opts.positions.map((p) => ({ title: p.title, skills: [...new Set(p.skills.map(lower))] }));
    this.scratch(this.store.people.entries.length);
    const { bestPoints, bestPosition, touched } = this;
    // Excluded people are marked, so no position counts them.
    const excluded = this.store.people.slotsOf(opts.exclude);
    for (const slot of excluded) bestPoints[slot] = EXCLUDED;
    const widest = positions.map((p) => {
      if (p.skills.length < 2) return null;
      const key = p.skills.reduce((a, b) => (this.store.skillHolders.get(b).length > this.store.skillHolders.get(a).length ? b : a));
      return this.store.skillHolders.get(key).length >= this.pruneFrom ? key : null;
    });
    // How many people reach each number of skill points.
    const counts = new Int32Array(3 * Math.max(1, ...positions.map((p) => p.skills.length)) + 1);
    let visited = this.gather(positions, widest, counts);
    if (widest.some((key) => key !== null) && counts.subarray(4).reduce((a, b) => a + b, 0) < opts.wanted) {
      for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
      visited = this.gather(
        positions,
        positions.map(() => null),
        counts.fill(0),
      );
    }
    // Skill points weigh more than the rest of the score: only those at or above the points where
    // `wanted` is reached can be among the first `wanted`, and only they are scored.
    let cut = counts.length - 1;
    for (let seen = counts[cut]; cut > 1 && seen < opts.wanted;) seen += counts[--cut];
    const above: number[] = [];
    for (let i = 0; i < visited; i++) if (bestPoints[touched[i]] >= cut) above.push(touched[i]);

    // Time zone points depend only on the zone: once per zone, then a lookup per person.
    const zones = ZONES.map((hours) => {
      const hoursApart =
        hours === null || opts.memberHours.length === 0 ? null : Math.min(...opts.memberHours.map((m) => hoursBetween(m, hours)));
      return { hoursApart, points: timezonePoints(hoursApart) };
    });
    const { personBase, personZone, personUpdated } = this.store;
    const people = this.store.people.entries as PersonSlot[];
    const { scores } = this;
    for (const slot of above) scores[slot] = SKILL_WEIGHT * bestPoints[slot] + personBase[slot] + zones[personZone[slot]].points;
    const top = best(above, opts.wanted, (a, b) =>
      scores[a] !== scores[b]
        ? scores[a] > scores[b]
        : personUpdated[a] !== personUpdated[b]
          ? personUpdated[a] > personUpdated[b]
          : people[a].id < people[b].id,
    );

    const ranked = top.map((slot) => {
      const person = people[slot];
      const position = positions[bestPosition[slot]];
      const zone = zones[personZone[slot]];
      return {
        person: {
          id: person.id,
          firstName: person.firstName,
          lastName: person.lastName,
          name: person.name,
          avatarUrl: person.avatarUrl,
          availability: person.availability,
          timezone: person.timezone,
        },
        position: position.title,
        skills: person.skills
          .filter((s) => position.skills.includes(s.key))
          .map((s) => s.badge)
          .sort(byStrength),
        skillPoints: bestPoints[slot],
        availabilityPoints: personBase[slot],
        hoursApart: zone.hoursApart,
        timezonePoints: zone.points,
        score: scores[slot],
      };
    });
    for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
    for (const slot of excluded) bestPoints[slot] = 0;
    this.scratchInUse = false;
    return ranked;
  }
  /**
   * Sums, for each position needing the person's skills (`mine`, by lower-cased name), the points
   * of those skills, leaving out `leftOut`'s list (whether a position visited needs it is looked
   * up); keeps each team's best position (the first on a tie) in `bestPoints` and `bestPosition`,
   * lists the teams visited in `touched` and returns how many, and counts them by best points in
   * `counts` (index 0 is not meaningful), skipping the teams of events `events` leaves out. `sums`
   * is left all zero.
   */
  private gatherTeams(mine: ReadonlyMap<string, SkillBadge>, leftOut: string | null, counts: Int32Array, events?: Uint8Array): number {
    const { sums, here } = this;
    const { teamEvent } = this.store;
    let positionsSeen = 0;
    for (const [skill, badge] of mine) {
      if (skill === leftOut) continue;
      const p = points(badge.level);
      const needs = this.store.skillNeeds.get(skill);
      for (let i = 0; i < needs.length; i++) {
        const packed = needs[i];
        if (sums[packed] === 0) here[positionsSeen++] = packed;
        sums[packed] += p;
      }
    }
    const needsLeft =
      leftOut === null ? null : this.store.needsBySlot.of(leftOut, this.store.skillNeeds.get(leftOut), this.store.teams.entries.length);
    const leftPoints = leftOut === null ? 0 : points(mine.get(leftOut)!.level);
    let visited = 0;
    for (let i = 0; i < positionsSeen; i++) {
      const packed = here[i];
      const slot = packed >> POSITION_BITS;
      const position = packed & ((1 << POSITION_BITS) - 1);
      const sum = sums[packed] + (needsLeft && (needsLeft[slot] >>> position) & 1 ? leftPoints : 0);
      sums[packed] = 0;
      if (events && !events[teamEvent[slot]]) continue;
      visited = this.keepBest(slot, sum, position, visited, counts);
    }
    return visited;
  }
  /**
   * Sums each position's skill points over who holds its skills, leaving out `leftOut[position]`'s
   * holders (whose points for it are looked up among the skills of those visited); keeps each
   * person's best position in `bestPoints` and `bestPosition`, lists those visited in `touched` and
   * returns how many, and counts them by best points in `counts` (index 0 is not meaningful). `sums`
   * is left all zero.
   */
  private gather(positions: { skills: string[] }[], leftOut: (string | null)[], counts: Int32Array): number {
    const { sums, here } = this;
    let visited = 0;
    for (let ord = 0; ord < positions.length; ord++) {
      let seen = 0;
      for (const skill of positions[ord].skills) {
        if (skill === leftOut[ord]) continue;
        const holders = this.store.skillHolders.get(skill);
        for (let i = 0; i < holders.length; i++) {
          const slot = holders[i] >> 2;
          if (sums[slot] === 0) here[seen++] = slot;
          sums[slot] += holders[i] & 3;
        }
      }
      const key = leftOut[ord];
      const left =
        key === null ? null : this.store.pointsBySlot.of(key, this.store.skillHolders.get(key), this.store.people.entries.length);
      for (let i = 0; i < seen; i++) {
        const slot = here[i];
        const sum = sums[slot] + (left ? left[slot] : 0);
        sums[slot] = 0;
        visited = this.keepBest(slot, sum, ord, visited, counts);
      }
    }
    return visited;
  }
  /**
   * Records `sum` skill points at `position` for a person or team slot, when they beat its best so
   * far (a tie goes to the lower position); lists a slot seen for the first time in `touched` and
   * keeps `counts` (by best points) current. Returns how many slots are listed now.
   */
  private keepBest(slot: number, sum: number, position: number, visited: number, counts: Int32Array): number {
    const { bestPoints, bestPosition } = this;
    const before = bestPoints[slot];
    if (before === EXCLUDED) return visited;
    if (before === 0) this.touched[visited++] = slot;
    if (sum > before) {
      counts[before]--;
      counts[sum]++;
      bestPoints[slot] = sum;
      bestPosition[slot] = position;
    } else if (sum === before && position < bestPosition[slot]) bestPosition[slot] = position;
    return visited;
  }
  /**
   * The recruiting teams whose positions need `mine` (skillsByKey) most, skipping `exclude`: for each
   * team the position giving the most skill points (the first listed on a tie), ties to the newest
   * team, then by id (descending); the first `wanted`, as candidates (shownTeam builds what is shown
   * of those kept once the rankings of a person's events are merged, byRank). `events`
   * (MatchingStore.eventsOf), when given, keeps the teams of those events only.
   */
  topTeams(mine: ReadonlyMap<string, SkillBadge>, exclude: ReadonlySet<string>, wanted: number, events?: Uint8Array): TeamCandidate[] {
    if (this.store.teams.size === 0) return [];
    this.scratch(this.store.teams.entries.length << POSITION_BITS || 1);
    const { bestPoints, bestPosition, touched } = this;
    const { teamCreated } = this.store;
    const teams = this.store.teams.entries as TeamSlot[];
    // Excluded teams are marked, so none of their positions counts.
    const excluded = this.store.teams.slotsOf(exclude);
    for (const slot of excluded) bestPoints[slot] = EXCLUDED;
    // As rankPeople: a first pass without the most needed of the person's skills, when it is widely
    // needed; a position it does not visit needs at most that skill, worth its points at most.
    let widest: string | null = null;
    if (mine.size >= 2) {
      const key = [...mine.keys()].reduce((a, b) => (this.store.skillNeeds.get(b).length > this.store.skillNeeds.get(a).length ? b : a));
      if (this.store.skillNeeds.get(key).length >= this.pruneFrom) widest = key;
    }
    const counts = new Int32Array(3 * mine.size + 1);
    let visited = this.gatherTeams(mine, widest, counts, events);
    if (widest !== null && counts.subarray(points(mine.get(widest)!.level) + 1).reduce((a, b) => a + b, 0) < wanted) {
      for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
      visited = this.gatherTeams(mine, null, counts.fill(0), events);
    }
    let cut = counts.length - 1;
    for (let seen = counts[cut]; cut > 1 && seen < wanted;) seen += counts[--cut];
    const above: number[] = [];
    for (let i = 0; i < visited; i++) if (bestPoints[touched[i]] >= cut) above.push(touched[i]);
    const top = best(above, wanted, (a, b) =>
      bestPoints[a] !== bestPoints[b]
        ? bestPoints[a] > bestPoints[b]
        : teamCreated[a] !== teamCreated[b]
          ? teamCreated[a] > teamCreated[b]
          : teams[a].id > teams[b].id,
    );
    const found = top.map((slot) => ({
      team: teams[slot],
      position: bestPosition[slot],
      skillPoints: bestPoints[slot],
      createdAt: teamCreated[slot],
    }));
    for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
    for (const slot of excluded) bestPoints[slot] = 0;
    this.scratchInUse = false;
    return found;
  }
}

/** A team a ranking found, before what is shown of it is built (shownTeam). */
export interface TeamCandidate {
  team: TeamSlot;
  /** Its best position, by index. */
  position: number;
  skillPoints: number;
  createdAt: number;
}

/** A person's skills by lower-cased name: what topTeams matches positions on. */
export const skillsByKey = (skills: SkillBadge[]) => new Map(skills.map((s) => [lower(s.name), s]));

/** The order of topTeams, also across events: more points, then the newer team, then by id (descending). */
export function byRank(a: TeamCandidate, b: TeamCandidate) {
  if (a.skillPoints !== b.skillPoints) return b.skillPoints - a.skillPoints;
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.team.id < b.team.id ? 1 : -1;
}

/** What 'Teams that need you' shows of a candidate: its card, the position, and the person's skills it needs. */
export function shownTeam({ team, position, skillPoints }: TeamCandidate, mine: ReadonlyMap<string, SkillBadge>): RankedTeam {
  const { title, skills } = team.positions[position];
  return {
    team: team.card,
    position: title,
    skills: skills
      .map((s) => mine.get(s))
      .filter((s): s is SkillBadge => !!s)
      .sort(byStrength),
    skillPoints,
    score: SKILL_WEIGHT * skillPoints,
  };
}
