/**
 * Matching (docs/decisions/011-matching.md): who fits a team's open positions, and which teams need
 * a person, ranked in memory. Each instance keeps the people looking for a team (with their skills)
 * and the recruiting teams (with what their positions need) as posting lists: for each skill, who
 * has it at which level, and which positions need it. Ranking adds up the points of the needed
 * skills over those lists (a few tens of thousands of additions for the most common skills, under
 * a millisecond) instead of asking the database to aggregate the same rows on every request.
 *
 * The lists follow the database: triggers NOTIFY on the `matching` channel when a profile or a team
 * changes (migration 0010), and the index re-reads what changed; a LISTEN connection that was lost
 * and is back means a full reload. A ranking first sends a marker of its own on the channel and
 * waits for it to come back: notifications arrive in commit order, so by then every change
 * committed before the ranking was asked for is in (rankings arriving together share one marker).
 * Who is never suggested to a team (members, invited, asked) and a person's own teams are read
 * from the database on each request.
 */
import { randomUUID } from 'node:crypto';
import type { SkillBadge } from '../../../shared/api/profiles';
import type { TeamCard } from '../../../shared/api/teams';
import { TIMEZONES, type Availability } from '../../../shared/constants';
import { AVAILABILITY_POINTS, hoursBetween, LEVEL_POINTS, SKILL_WEIGHT, timezoneHours, timezonePoints } from '../../../shared/matching';
import type { Database } from '../../db/client';
import { defaultLogger, type Logger } from '../../platform/log';

/** What the index keeps of a person looking for a team (the loader returns people not looking as `looking: false`). */
export interface MatchPerson {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  avatarUrl: string | null;
  availability: Availability;
  timezone: string | null;
  updatedAt: Date;
  looking: boolean;
  skills: SkillBadge[];
}

/** What the index keeps of a team: its open positions (in order) that need skills, whether it takes anyone, and its card. */
export interface MatchTeam {
  id: string;
  createdAt: Date;
  recruiting: boolean;
  positions: { title: string; skills: string[] }[];
  /** What 'Teams that need you' shows of it: as current as the ranking (see rankTeams). */
  card: TeamCard;
}

/** Reads rows for the index: every one (no ids), or those of the given ids (missing ones are gone). */
export interface MatchingSource {
  people(ids?: string[]): Promise<MatchPerson[]>;
  teams(ids?: string[]): Promise<MatchTeam[]>;
  /** Sends `payload` on the matching channel (NOTIFY), to every instance, when its statement commits. */
  announce(payload: string): Promise<void>;
}

export const MATCHING_CHANNEL = 'matching';

/** What a suggestion shows of a person besides the reasons. */
export type PersonShown = Pick<MatchPerson, 'id' | 'firstName' | 'lastName' | 'name' | 'avatarUrl' | 'availability' | 'timezone'>;

export interface RankedPerson {
  person: PersonShown;
  position: string;
  skills: SkillBadge[];
  skillPoints: number;
  availabilityPoints: number;
  hoursApart: number | null;
  timezonePoints: number;
  score: number;
}

export interface RankedTeam {
  team: TeamCard;
  position: string;
  skills: SkillBadge[];
  skillPoints: number;
  score: number;
}

/** The offsets a person's time zone can have (null: none given), by index. */
const ZONES: (number | null)[] = [...TIMEZONES.map((tz) => timezoneHours(tz)), null];
const zoneOf = (tz: string | null) => {
  const at = tz ? (TIMEZONES as readonly string[]).indexOf(tz) : -1;
  return at < 0 ? ZONES.length - 1 : at;
};

/** A skill at a level, shared by everyone who has it (the index holds one object per pair, not per person). */
interface Held {
  badge: SkillBadge;
  /** The name lower-cased: what positions are matched on. */
  key: string;
  points: number;
}

/** A person in the index: what is shown, and the skills. */
interface PersonSlot extends PersonShown {
  skills: Held[];
}

/** A team in the index: its positions that need skills (lower-cased), in order, and its card. */
type TeamSlot = Pick<MatchTeam, 'id' | 'positions' | 'card'>;

/** A team may list at most 30 open positions: a (team, position) pair packs into one number. */
const POSITION_BITS = 5;

/** In the scratch arrays of best points: left out of this ranking. */
const EXCLUDED = 255;

const lower = (s: string) => s.toLowerCase();
const points = (level: string) => LEVEL_POINTS[level as keyof typeof LEVEL_POINTS] ?? 0;
/** Strongest first, then by name: how reasons list skills. */
const byStrength = (a: SkillBadge, b: SkillBadge) => points(b.level) - points(a.level) || a.name.localeCompare(b.name);

/** `a`, or a copy twice as long when index `at` does not fit. */
function fit<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(a: T, at: number): T {
  if (at < a.length) return a;
  const next = new (a.constructor as new (length: number) => T)(Math.max(at + 1, a.length * 2));
  next.set(a);
  return next;
}

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

/** Entries by slot (a small integer, reused when an entry goes), found by id. */
class Slots<T> {
  readonly entries: (T | undefined)[] = [];
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];

  add(id: string, entry: T): number {
    const slot = this.free.pop() ?? this.entries.length;
    this.entries[slot] = entry;
    this.slotOf.set(id, slot);
    return slot;
  }

  remove(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.entries[slot] = undefined;
    this.free.push(slot);
    return slot;
  }

  get size() {
    return this.slotOf.size;
  }
}

/** Per skill, a list of packed numbers (who has it, or which positions need it), in no order. */
class Postings {
  private readonly lists = new Map<string, number[]>();

  get(key: string): readonly number[] {
    return this.lists.get(key) ?? [];
  }

  add(key: string, value: number) {
    const list = this.lists.get(key);
    if (list) list.push(value);
    else this.lists.set(key, [value]);
  }

  remove(key: string, value: number) {
    const list = this.lists.get(key);
    if (!list) return;
    const at = list.indexOf(value);
    if (at < 0) return;
    list[at] = list[list.length - 1];
    list.pop();
    if (list.length === 0) this.lists.delete(key);
  }
}

/**
 * For a few keys (the widely held or needed skills a ranking leaves out of its first pass), bits per
 * slot: made from the key's postings the first time they are asked for, then kept current as
 * entries come and go.
 */
class SlotBits<A extends Uint8Array | Uint32Array> {
  private readonly byKey = new Map<string, A>();

  /** `bitsOf` splits a posting into its slot and the bits it sets there. */
  constructor(
    private readonly make: (length: number) => A,
    private readonly bitsOf: (posting: number) => [slot: number, bits: number],
  ) {}

  /** The array of `key`, at least `slots` long. */
  of(key: string, postings: readonly number[], slots: number): A {
    let bySlot = this.byKey.get(key);
    if (!bySlot) {
      bySlot = this.make(1024);
      for (const posting of postings) {
        const [slot, bits] = this.bitsOf(posting);
        (bySlot = fit(bySlot, slot))[slot] |= bits;
      }
    }
    bySlot = fit(bySlot, slots);
    this.byKey.set(key, bySlot);
    return bySlot;
  }

  /** An entry added at `slot` sets `bits` for `key` (if its array is kept). */
  set(key: string, slot: number, bits: number) {
    const bySlot = this.byKey.get(key);
    if (!bySlot) return;
    const grown = fit(bySlot, slot);
    grown[slot] |= bits;
    if (grown !== bySlot) this.byKey.set(key, grown);
  }

  /** The entry at `slot` is gone. */
  clear(key: string, slot: number) {
    const bySlot = this.byKey.get(key);
    if (bySlot && slot < bySlot.length) bySlot[slot] = 0;
  }
}

export class MatchingIndex {
  private readonly people = new Slots<PersonSlot>();
  private readonly teams = new Slots<TeamSlot>();
  private readonly held = new Map<string, Held>();
  /** For the widely held skills rankPeople leaves out of a first pass: the points of each person slot (0: not held). */
  private readonly pointsBySlot = new SlotBits(
    (n) => new Uint8Array(n),
    (held) => [held >> 2, held & 3],
  );
  /** For the widely needed skills rankTeams leaves out of a first pass: by team slot, which positions need it (bit i: position i). */
  private readonly needsBySlot = new SlotBits(
    (n) => new Uint32Array(n),
    (packed) => [packed >> POSITION_BITS, 1 << (packed & ((1 << POSITION_BITS) - 1))],
  );
  /** Lower-cased skill -> slot * 4 + points of the people who have it. */
  private readonly skillHolders = new Postings();
  /** Lower-cased skill -> (slot << POSITION_BITS | position) of the recruiting teams' positions needing it. */
  private readonly skillNeeds = new Postings();
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
  /** By slot, what scoring reads of everyone it visits: typed arrays, not an object per person. */
  private personBase = new Int32Array(1024);
  private personZone = new Int32Array(1024);
  private personUpdated = new Float64Array(1024);
  /** Set while a ranking uses the scratch arrays; still set at the next means that one failed. */
  private scratchInUse = false;
  private teamCreated = new Float64Array(1024);

  private pendingPeople = new Set<string>();
  private pendingTeams = new Set<string>();
  private reloadAll = false;
  /** Syncs run one after another; rankings wait for the one under way. */
  private sync: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;
  /** Markers sent and awaited (at most one at a time), and the one the next rankings wait for. */
  private readonly markers = new Map<string, () => void>();
  private markerInFlight = false;
  private nextMarker: { done: Promise<void>; resolve: () => void } | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  /**
   * @param pruneFrom A position's most held skill is left out of a first pass when this many people
   *   or more hold it (see rankPeople); tests set 1 to prune whenever they can.
   */
  constructor(
    private readonly source: MatchingSource,
    private readonly log: Logger = defaultLogger,
    private readonly pruneFrom = 2000,
  ) {}

  /** Listens for changes, then loads everything (changes that arrive meanwhile are applied after). */
  async start(listen: Database['listen']): Promise<void> {
    this.stopListening = await listen(
      MATCHING_CHANNEL,
      (payload) => this.changed(payload),
      () => {
        this.reloadAll = true;
        this.schedule();
      },
    );
    this.reloadAll = true;
    this.schedule();
    this.loaded = this.sync;
    await this.loaded;
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.sync;
  }

  /** People and teams in the index. */
  get size() {
    return { people: this.people.size, teams: this.teams.size };
  }

  /** 'p:<id>,p:<id>,...' or 't:...' from the triggers; 'p:*' or 't:*' after a large change; 'm:<marker>' from a ranking. */
  private changed(payload: string) {
    if (payload.startsWith('m:')) {
      const arrived = this.markers.get(payload);
      this.markers.delete(payload);
      // Changes announced before the marker are being read: the marker is done once they are in.
      if (arrived) void this.sync.then(arrived);
      return;
    }
    for (const item of payload.split(',')) {
      const [kind, id] = item.split(':');
      if (id === '*') this.reloadAll = true;
      else if (kind === 'p' && id) this.pendingPeople.add(id);
      else if (kind === 't' && id) this.pendingTeams.add(id);
    }
    this.schedule();
  }

  private schedule() {
    this.sync = this.sync
      .then(() => this.applyPending())
      .catch((err) => {
        // The next change (or a reconnect) tries again; meanwhile rankings use what is here.
        this.log.error({ err }, 'matching index: could not read changes');
      });
  }

  private async applyPending() {
    if (this.reloadAll) {
      this.reloadAll = false;
      this.pendingPeople.clear();
      this.pendingTeams.clear();
      const [people, teams] = await Promise.all([this.source.people(), this.source.teams()]);
      for (const id of [...this.people.slotOf.keys()]) this.removePerson(id);
      for (const id of [...this.teams.slotOf.keys()]) this.removeTeam(id);
      people.forEach((p) => this.putPerson(p));
      teams.forEach((t) => this.putTeam(t));
      return;
    }
    const peopleIds = [...this.pendingPeople];
    const teamIds = [...this.pendingTeams];
    this.pendingPeople.clear();
    this.pendingTeams.clear();
    if (peopleIds.length === 0 && teamIds.length === 0) return;
    const [people, teams] = await Promise.all([
      peopleIds.length ? this.source.people(peopleIds) : [],
      teamIds.length ? this.source.teams(teamIds) : [],
    ]);
    peopleIds.forEach((id) => this.removePerson(id));
    teamIds.forEach((id) => this.removeTeam(id));
    people.forEach((p) => this.putPerson(p));
    teams.forEach((t) => this.putTeam(t));
  }

  /** Waits until every change committed before now is in the index (rankings call it first). */
  private async current() {
    await this.loaded;
    let marker = this.nextMarker;
    if (!marker) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      marker = this.nextMarker = { done, resolve };
      if (!this.markerInFlight) this.sendMarker();
    }
    await marker.done;
  }

  /**
   * Sends the marker the waiting rankings share. Only one is on its way at a time; rankings asked
   * for meanwhile wait for the next, which is sent after theirs began (so it commits after whatever
   * they must see). A marker that does not come back within a second (the LISTEN connection is
   * being re-opened) lets its rankings go on with what the index has.
   */
  private sendMarker() {
    const marker = this.nextMarker;
    if (!marker) return;
    this.nextMarker = null;
    this.markerInFlight = true;
    const payload = `m:${randomUUID()}`;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      this.markers.delete(payload);
      marker.resolve();
      this.markerInFlight = false;
      this.sendMarker();
    };
    const timer = setTimeout(() => {
      this.log.warn('matching index: a marker did not come back within a second');
      finish();
    }, 1000);
    timer.unref();
    this.markers.set(payload, finish);
    this.source.announce(payload).catch((err) => {
      this.log.error({ err }, 'matching index: could not send a marker');
      finish();
    });
  }

  private putPerson(p: MatchPerson) {
    this.removePerson(p.id);
    if (!p.looking || p.skills.length === 0) return;
    // One entry per name, whatever its case.
    const skills = [...new Map(p.skills.map((s) => [lower(s.name), this.hold(s)])).values()];
    const slot = this.people.add(p.id, {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      name: p.name,
      avatarUrl: p.avatarUrl,
      availability: p.availability,
      timezone: p.timezone,
      skills,
    });
    this.personBase = fit(this.personBase, slot);
    this.personZone = fit(this.personZone, slot);
    this.personUpdated = fit(this.personUpdated, slot);
    this.personBase[slot] = AVAILABILITY_POINTS[p.availability] ?? 0;
    this.personZone[slot] = zoneOf(p.timezone);
    this.personUpdated[slot] = p.updatedAt.getTime();
    for (const s of skills) {
      this.skillHolders.add(s.key, slot * 4 + s.points);
      this.pointsBySlot.set(s.key, slot, s.points);
    }
  }

  private hold(badge: SkillBadge): Held {
    const id = `${badge.name}\n${badge.level}`;
    let held = this.held.get(id);
    if (!held)
      this.held.set(id, (held = { badge: { name: badge.name, level: badge.level }, key: lower(badge.name), points: points(badge.level) }));
    return held;
  }

  private removePerson(id: string) {
    const entry = this.people.entries[this.people.slotOf.get(id) ?? -1];
    const slot = this.people.remove(id);
    if (slot === undefined || !entry) return;
    for (const s of entry.skills) {
      this.skillHolders.remove(s.key, slot * 4 + s.points);
      this.pointsBySlot.clear(s.key, slot);
    }
  }

  private putTeam(t: MatchTeam) {
    this.removeTeam(t.id);
    if (!t.recruiting || t.positions.length === 0) return;
    const positions = t.positions.slice(0, 1 << POSITION_BITS).map((p) => ({ title: p.title, skills: [...new Set(p.skills.map(lower))] }));
    const slot = this.teams.add(t.id, { id: t.id, positions, card: t.card });
    this.teamCreated = fit(this.teamCreated, slot);
    this.teamCreated[slot] = t.createdAt.getTime();
    positions.forEach((p, i) =>
      p.skills.forEach((skill) => {
        this.skillNeeds.add(skill, (slot << POSITION_BITS) | i);
        this.needsBySlot.set(skill, slot, 1 << i);
      }),
    );
  }

  private removeTeam(id: string) {
    const entry = this.teams.entries[this.teams.slotOf.get(id) ?? -1];
    const slot = this.teams.remove(id);
    if (slot === undefined || !entry) return;
    entry.positions.forEach((p, i) =>
      p.skills.forEach((skill) => {
        this.skillNeeds.remove(skill, (slot << POSITION_BITS) | i);
        this.needsBySlot.clear(skill, slot);
      }),
    );
  }

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
  async rankPeople(opts: {
    positions: { title: string; skills: string[] }[];
    memberHours: number[];
    exclude: Set<string>;
    wanted: number;
  }): Promise<RankedPerson[]> {
    await this.current();
    const positions = opts.positions.map((p) => ({ title: p.title, skills: [...new Set(p.skills.map(lower))] }));
    this.scratch(this.people.entries.length);
    const { bestPoints, bestPosition, touched } = this;
    // Excluded people are marked, so no position counts them.
    const excluded = [...opts.exclude].map((id) => this.people.slotOf.get(id)).filter((slot): slot is number => slot !== undefined);
    for (const slot of excluded) bestPoints[slot] = EXCLUDED;
    const widest = positions.map((p) => {
      if (p.skills.length < 2) return null;
      const key = p.skills.reduce((a, b) => (this.skillHolders.get(b).length > this.skillHolders.get(a).length ? b : a));
      return this.skillHolders.get(key).length >= this.pruneFrom ? key : null;
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
    const { personBase, personZone, personUpdated } = this;
    const people = this.people.entries as PersonSlot[];
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
   * `counts` (index 0 is not meaningful). `sums` is left all zero.
   */
  private gatherTeams(mine: Map<string, SkillBadge>, leftOut: string | null, counts: Int32Array): number {
    const { sums, here } = this;
    let positionsSeen = 0;
    for (const [skill, badge] of mine) {
      if (skill === leftOut) continue;
      const p = points(badge.level);
      const needs = this.skillNeeds.get(skill);
      for (let i = 0; i < needs.length; i++) {
        const packed = needs[i];
        if (sums[packed] === 0) here[positionsSeen++] = packed;
        sums[packed] += p;
      }
    }
    const needsLeft = leftOut === null ? null : this.needsBySlot.of(leftOut, this.skillNeeds.get(leftOut), this.teams.entries.length);
    const leftPoints = leftOut === null ? 0 : points(mine.get(leftOut)!.level);
    let visited = 0;
    for (let i = 0; i < positionsSeen; i++) {
      const packed = here[i];
      const slot = packed >> POSITION_BITS;
      const position = packed & ((1 << POSITION_BITS) - 1);
      const sum = sums[packed] + (needsLeft && (needsLeft[slot] >>> position) & 1 ? leftPoints : 0);
      sums[packed] = 0;
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
        const holders = this.skillHolders.get(skill);
        for (let i = 0; i < holders.length; i++) {
          const slot = holders[i] >> 2;
          if (sums[slot] === 0) here[seen++] = slot;
          sums[slot] += holders[i] & 3;
        }
      }
      const key = leftOut[ord];
      const left = key === null ? null : this.pointsBySlot.of(key, this.skillHolders.get(key), this.people.entries.length);
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
   * The recruiting teams whose positions need these skills most, skipping `exclude`: for each team
   * the position giving the most skill points (the first listed on a tie), then 10 x skill points,
   * ties to the newest team, then by id (descending). Returns the first `wanted`.
   */
  async rankTeams(opts: { skills: SkillBadge[]; exclude: Set<string>; wanted: number }): Promise<RankedTeam[]> {
    await this.current();
    const mine = new Map(opts.skills.map((s) => [lower(s.name), s]));
    this.scratch(this.teams.entries.length << POSITION_BITS || 1);
    const { bestPoints, bestPosition, teamCreated, touched } = this;
    const teams = this.teams.entries as TeamSlot[];
    // Excluded teams are marked, so none of their positions counts.
    const excluded = [...opts.exclude].map((id) => this.teams.slotOf.get(id)).filter((slot): slot is number => slot !== undefined);
    for (const slot of excluded) bestPoints[slot] = EXCLUDED;
    // As rankPeople: a first pass without the most needed of the person's skills, when it is widely
    // needed; a position it does not visit needs at most that skill, worth its points at most.
    let widest: string | null = null;
    if (mine.size >= 2) {
      const key = [...mine.keys()].reduce((a, b) => (this.skillNeeds.get(b).length > this.skillNeeds.get(a).length ? b : a));
      if (this.skillNeeds.get(key).length >= this.pruneFrom) widest = key;
    }
    const counts = new Int32Array(3 * mine.size + 1);
    let visited = this.gatherTeams(mine, widest, counts);
    if (widest !== null && counts.subarray(points(mine.get(widest)!.level) + 1).reduce((a, b) => a + b, 0) < opts.wanted) {
      for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
      visited = this.gatherTeams(mine, null, counts.fill(0));
    }
    let cut = counts.length - 1;
    for (let seen = counts[cut]; cut > 1 && seen < opts.wanted;) seen += counts[--cut];
    const above: number[] = [];
    for (let i = 0; i < visited; i++) if (bestPoints[touched[i]] >= cut) above.push(touched[i]);
    const top = best(above, opts.wanted, (a, b) =>
      bestPoints[a] !== bestPoints[b]
        ? bestPoints[a] > bestPoints[b]
        : teamCreated[a] !== teamCreated[b]
          ? teamCreated[a] > teamCreated[b]
          : teams[a].id > teams[b].id,
    );
    const ranked = top.map((slot) => {
      const position = teams[slot].positions[bestPosition[slot]];
      return {
        team: teams[slot].card,
        position: position.title,
        skills: position.skills
          .map((s) => mine.get(s))
          .filter((s): s is SkillBadge => !!s)
          .sort(byStrength),
        skillPoints: bestPoints[slot],
        score: SKILL_WEIGHT * bestPoints[slot],
      };
    });
    for (let i = 0; i < visited; i++) bestPoints[touched[i]] = 0;
    for (const slot of excluded) bestPoints[slot] = 0;
    this.scratchInUse = false;
    return ranked;
  }
}
