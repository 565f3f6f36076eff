/**
 * The matching index (docs/decisions/011-matching.md): who fits a team's open positions, and which
 * teams need a person, ranked in memory (ranking.ts) over what it holds (postings.ts). Each instance keeps the people looking for a team (with their skills)
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
import type { Database } from '../../db/client';
import { defaultLogger, type Logger } from '../../platform/log';
import { MatchingStore } from './postings';
import { byRank, Ranker, shownTeam, skillsByKey, type TeamCandidate } from './ranking';
import type { MatchingSource, MatchPerson, MatchTeam, RankedPerson, RankedTeam } from './types';

export type { MatchPerson, MatchTeam, MatchingSource, PersonShown, RankedPerson, RankedTeam } from './types';

export const MATCHING_CHANNEL = 'matching';

export class MatchingIndex {
  /** One store and ranker per event: suggestions never cross events (and allTeams, below). */
  private readonly events = new Map<string, { store: MatchingStore; ranker: Ranker }>();
  /** Every event's recruiting teams together, for a person whose events hold most of them (rankTeams). */
  private allTeams: { store: MatchingStore; ranker: Ranker };
  /** Where each person and team is, to take them out again. */
  private readonly personEvents = new Map<string, string[]>();
  private readonly teamEvent = new Map<string, string>();
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
  ) {
    this.allTeams = this.newStore();
  }

  private newStore() {
    const store = new MatchingStore();
    return { store, ranker: new Ranker(store, this.pruneFrom) };
  }

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
    return { people: [...this.personEvents.values()].filter((ids) => ids.length).length, teams: this.allTeams.store.teams.size };
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
      this.events.clear();
      this.allTeams = this.newStore();
      this.personEvents.clear();
      this.teamEvent.clear();
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

  private storeOf(eventId: string) {
    let found = this.events.get(eventId);
    if (!found) this.events.set(eventId, (found = this.newStore()));
    return found.store;
  }

  private putPerson(p: MatchPerson) {
    this.removePerson(p.id);
    if (p.skills.length === 0) return;
    for (const eventId of p.lookingIn) this.storeOf(eventId).putPerson(p);
    this.personEvents.set(p.id, p.lookingIn);
  }

  private removePerson(id: string) {
    for (const eventId of this.personEvents.get(id) ?? []) this.events.get(eventId)?.store.removePerson(id);
    this.personEvents.delete(id);
  }

  private putTeam(t: MatchTeam) {
    this.removeTeam(t.id);
    this.storeOf(t.eventId).putTeam(t);
    this.allTeams.store.putTeam(t);
    this.teamEvent.set(t.id, t.eventId);
  }

  private removeTeam(id: string) {
    const eventId = this.teamEvent.get(id);
    if (eventId) this.events.get(eventId)?.store.removeTeam(id);
    this.allTeams.store.removeTeam(id);
    this.teamEvent.delete(id);
  }

  /**
   * The people of the event who fit a team's positions best (Ranker.rankPeople), once every change
   * committed before now is in.
   */
  async rankPeople(opts: Parameters<Ranker['rankPeople']>[0] & { eventId: string }): Promise<RankedPerson[]> {
    await this.current();
    return this.events.get(opts.eventId)?.ranker.rankPeople(opts) ?? [];
  }

  /**
   * The recruiting teams of these events whose positions need these skills most, as current as
   * rankPeople. When the events hold most of the teams of all events (a large event and some
   * small ones, say), one ranking over all teams keeps theirs; otherwise each event is ranked
   * (Ranker.topTeams) and their best merged in the same order. What is shown is built for the
   * first `wanted` only.
   */
  async rankTeams(opts: { eventIds: string[]; skills: SkillBadge[]; exclude: ReadonlySet<string>; wanted: number }): Promise<RankedTeam[]> {
    await this.current();
    const mine = skillsByKey(opts.skills);
    const rankers = opts.eventIds.flatMap((eventId) => {
      const found = this.events.get(eventId);
      return found && found.store.teams.size > 0 ? [found] : [];
    });
    const inThem = rankers.reduce((sum, { store }) => sum + store.teams.size, 0);
    let top: TeamCandidate[];
    if (rankers.length > 1 && 2 * inThem >= this.allTeams.store.teams.size)
      top = this.allTeams.ranker.topTeams(mine, opts.exclude, opts.wanted, this.allTeams.store.eventsOf(opts.eventIds));
    else
      top = rankers
        .flatMap(({ ranker }) => ranker.topTeams(mine, opts.exclude, opts.wanted))
        .sort(byRank)
        .slice(0, opts.wanted);
    return top.map((candidate) => shownTeam(candidate, mine));
  }
}
