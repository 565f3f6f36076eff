/**
 * What the matching index holds (docs/decisions/011-matching.md): people looking for a team and
 * recruiting teams by slot, and for each skill a posting list of who has it at which level and which
 * positions need it. Kept current by the index as the database changes; read by the ranking.
 */
import type { SkillBadge } from '../../../shared/api/profiles';
import { TIMEZONES } from '../../../shared/constants';
import { AVAILABILITY_POINTS, LEVEL_POINTS, timezoneHours } from '../../../shared/matching';
import type { MatchPerson, MatchTeam, PersonShown } from './types';

/** The offsets a person's time zone can have (null: none given), by index. */
export const ZONES: (number | null)[] = [...TIMEZONES.map((tz) => timezoneHours(tz)), null];
const zoneOf = (tz: string | null) => {
  const at = tz ? (TIMEZONES as readonly string[]).indexOf(tz) : -1;
  return at < 0 ? ZONES.length - 1 : at;
};

/** A skill at a level, shared by everyone who has it (the index holds one object per pair, not per person). */
export interface Held {
  badge: SkillBadge;
  /** The name lower-cased: what positions are matched on. */
  key: string;
  points: number;
}

/** A person in the index: what is shown, and the skills. */
export interface PersonSlot extends PersonShown {
  skills: Held[];
}

/** A team in the index: its positions that need skills (lower-cased), in order, and its card. */
export type TeamSlot = Pick<MatchTeam, 'id' | 'positions' | 'card'>;

/** A team may list at most 30 open positions: a (team, position) pair packs into one number. */
export const POSITION_BITS = 5;

export const lower = (s: string) => s.toLowerCase();
export const points = (level: string) => LEVEL_POINTS[level as keyof typeof LEVEL_POINTS] ?? 0;
/** Strongest first, then by name: how reasons list skills. */
export const byStrength = (a: SkillBadge, b: SkillBadge) => points(b.level) - points(a.level) || a.name.localeCompare(b.name);

/** `a`, or a copy twice as long when index `at` does not fit. */
export function fit<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(a: T, at: number): T {
  if (at < a.length) return a;
  const next = new (a.constructor as new (length: number) => T)(Math.max(at + 1, a.length * 2));
  next.set(a);
  return next;
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

  /** The slots of those of `ids` held here, looked up from the smaller of the two (a person's own teams against a small event's). */
  slotsOf(ids: ReadonlySet<string>): number[] {
    const found: number[] = [];
    if (ids.size <= this.slotOf.size) {
      for (const id of ids) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined) found.push(slot);
      }
    } else for (const [id, slot] of this.slotOf) if (ids.has(id)) found.push(slot);
    return found;
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

/** People and teams by slot, and the posting lists over them. */
export class MatchingStore {
  readonly people = new Slots<PersonSlot>();
  readonly teams = new Slots<TeamSlot>();
  private readonly held = new Map<string, Held>();
  /** For the widely held skills rankPeople leaves out of a first pass: the points of each person slot (0: not held). */
  readonly pointsBySlot = new SlotBits(
    (n) => new Uint8Array(n),
    (held) => [held >> 2, held & 3],
  );
  /** For the widely needed skills rankTeams leaves out of a first pass: by team slot, which positions need it (bit i: position i). */
  readonly needsBySlot = new SlotBits(
    (n) => new Uint32Array(n),
    (packed) => [packed >> POSITION_BITS, 1 << (packed & ((1 << POSITION_BITS) - 1))],
  );
  /** Lower-cased skill -> slot * 4 + points of the people who have it. */
  readonly skillHolders = new Postings();
  /** Lower-cased skill -> (slot << POSITION_BITS | position) of the recruiting teams' positions needing it. */
  readonly skillNeeds = new Postings();
  /** By slot, what scoring reads of everyone it visits: typed arrays, not an object per person. */
  personBase = new Int32Array(1024);
  personZone = new Int32Array(1024);
  personUpdated = new Float64Array(1024);
  teamCreated = new Float64Array(1024);
  /** By team slot, its event's number (eventsOf). */
  teamEvent = new Int32Array(1024);
  private readonly eventNumbers = new Map<string, number>();

  /** For topTeams: by event number, 1 for these events (`ids`), 0 for the others. */
  eventsOf(ids: string[]): Uint8Array {
    const chosen = new Uint8Array(this.eventNumbers.size);
    for (const id of ids) {
      const n = this.eventNumbers.get(id);
      if (n !== undefined) chosen[n] = 1;
    }
    return chosen;
  }

  putPerson(p: MatchPerson) {
    this.removePerson(p.id);
    if (p.skills.length === 0) return;
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
  removePerson(id: string) {
    const entry = this.people.entries[this.people.slotOf.get(id) ?? -1];
    const slot = this.people.remove(id);
    if (slot === undefined || !entry) return;
    for (const s of entry.skills) {
      this.skillHolders.remove(s.key, slot * 4 + s.points);
      this.pointsBySlot.clear(s.key, slot);
    }
  }
  putTeam(t: MatchTeam) {
    this.removeTeam(t.id);
    if (!t.recruiting || t.positions.length === 0) return;
    const positions = t.positions.slice(0, 1 << POSITION_BITS).map((p) => ({ title: p.title, skills: [...new Set(p.skills.map(lower))] }));
    const slot = this.teams.add(t.id, { id: t.id, positions, card: t.card });
    this.teamCreated = fit(this.teamCreated, slot);
    this.teamCreated[slot] = t.createdAt.getTime();
    let event = this.eventNumbers.get(t.eventId);
    if (event === undefined) this.eventNumbers.set(t.eventId, (event = this.eventNumbers.size));
    this.teamEvent = fit(this.teamEvent, slot);
    this.teamEvent[slot] = event;
    positions.forEach((p, i) =>
      p.skills.forEach((skill) => {
        this.skillNeeds.add(skill, (slot << POSITION_BITS) | i);
        this.needsBySlot.set(skill, slot, 1 << i);
      }),
    );
  }
  removeTeam(id: string) {
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
  /** Everyone and every team out (before a full reload). */
  clear() {
    for (const id of [...this.people.slotOf.keys()]) this.removePerson(id);
    for (const id of [...this.teams.slotOf.keys()]) this.removeTeam(id);
  }
}
