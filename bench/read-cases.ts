/**
 * The read cases (issues 15 and 29). Each search and filter rotates through many distinct ones, so
 * no two requests in a row share a filter: the combined filter goes through 96 combinations of a
 * search term, two of the most common skills and an availability. Every list, search and detail
 * case runs over all events, then the same filtered to the large event (`?event=`, or ids from
 * it), then to the small events (one at a time, in turn), so the report can set them side by side.
 */
import type { EventScope, LoadCase } from './load';
import type { GeneratedData } from './generate';

/** Words people search for: common in bios and names, and rarer ones. */
export const PROFILE_TERMS = [
  'python',
  'developer',
  'design',
  'data',
  'react',
  'student',
  'engineer',
  'startup',
  'cloud',
  'mobile',
  'security',
  'music',
  'health',
  'game',
  'chen',
  'garcia',
  'maria',
  'rust',
  'climate',
  'open source',
];
export const TEAM_TERMS = ['app', 'web', 'health', 'climate', 'ai', 'game', 'data', 'city', 'learn', 'music', 'tool', 'bot'];
const AVAILABILITY = ['Full Time', 'Part Time', 'Weekends', 'Flexible'];

const q = (term: string) => encodeURIComponent(term);

/** A case and its twins: the same paths with `&event=` (or `?event=`) for the large event, and for the small ones in turn. */
function withEventTwins(base: Omit<LoadCase, 'twin'>, data: GeneratedData): LoadCase[] {
  const withEvent = (path: string, slug: string) => `${path}${path.includes('?') ? '&' : '?'}event=${slug}`;
  const small = data.smallEvents.map((e) => e.slug);
  const twin = (scope: EventScope, paths: string[]): LoadCase => ({
    ...base,
    name: scope === 'all events' ? base.name : `${base.name}, ${scope}`,
    paths,
    twin: { of: base.name, scope },
  });
  // Enough paths that every small event meets every term or filter of the case.
  const rounds = Math.max(base.paths.length, small.length);
  return [
    twin('all events', base.paths),
    twin(
      'large event',
      base.paths.map((p) => withEvent(p, data.largeEvent.slug)),
    ),
    twin(
      'small events',
      Array.from({ length: rounds }, (_, i) => withEvent(base.paths[i % base.paths.length], small[i % small.length])),
    ),
  ];
}

/** A detail case over any ids, the large event's and the small events'. */
function detailTwins(name: string, path: (id: string) => string, ids: Record<EventScope, string[]>): LoadCase[] {
  return (Object.keys(ids) as EventScope[]).map((scope) => ({
    name: scope === 'all events' ? name : `${name}, ${scope}`,
    kind: 'detail',
    paths: ids[scope].map(path),
    twin: { of: name, scope },
  }));
}

/** The instant a day ago: the bench's rows changed over the last 120 (profiles) and 90 (teams) days. */
export const DAY_AGO = () => new Date(Date.now() - 86_400_000).toISOString();

/** The combined filter's 96 paths: a search term, two of the eight most held skills, an availability, looking. */
function combinedFilterPaths(popularSkills: string[]): string[] {
  const pairs = popularSkills.slice(0, 8).flatMap((a, i, all) => all.slice(i + 1).map((b) => [a, b]));
  return Array.from({ length: 96 }, (_, i) => {
    const [a, b] = pairs[i % pairs.length];
    return `/api/profiles?q=${q(PROFILE_TERMS[i % 7])}&skills=${q(a)},${q(b)}&availability=${q(AVAILABILITY[i % 4])}&looking=true`;
  });
}

/** The lists, searches and the combined filter over all events (readCases adds their per-event twins; bench/against.ts runs them as they are). */
export function listCases(popularSkills: string[]): Omit<LoadCase, 'twin'>[] {
  return [
    { name: 'profiles list', kind: 'unfiltered-list', paths: ['/api/profiles'] },
    {
      name: `profiles search (${PROFILE_TERMS.length} terms in turn)`,
      kind: 'list',
      paths: PROFILE_TERMS.map((t) => `/api/profiles?q=${q(t)}`),
    },
    {
      name: 'profiles search + 2 skills + availability + looking (96 in turn)',
      kind: 'combined',
      paths: combinedFilterPaths(popularSkills),
    },
    { name: 'teams list', kind: 'unfiltered-list', paths: ['/api/teams'] },
    {
      name: `teams search, open only (${TEAM_TERMS.length} terms in turn)`,
      kind: 'list',
      paths: TEAM_TERMS.map((t) => `/api/teams?q=${q(t)}&open=true`),
    },
  ];
}

export function readCases(data: GeneratedData): LoadCase[] {
  return [
    ...listCases(data.popularSkills).flatMap((c) => withEventTwins(c, data)),
    ...detailTwins('team detail', (id) => `/api/teams/${id}`, {
      'all events': data.sampleTeamIds,
      'large event': data.sampleLargeTeamIds,
      'small events': data.sampleSmallTeamIds,
    }),
    // Everyone takes part in the large event: its sample is the same people as 'all events' (generate.ts).
    ...detailTwins('profile detail', (id) => `/api/profiles/${id}`, {
      'all events': data.sampleProfileIds,
      'large event': data.sampleLargeProfileIds,
      'small events': data.sampleSmallProfileIds,
    }),
    // Sync (docs/decisions/027-sync.md): what changed in the last day, as a bot polling for changes asks.
    ...withEventTwins(
      {
        name: 'changed in the last day (updatedSince)',
        kind: 'list',
        paths: [`/api/profiles?updatedSince=${DAY_AGO()}`, `/api/teams?updatedSince=${DAY_AGO()}`],
      },
      data,
    ),
    { name: 'events list', kind: 'list', paths: ['/api/events'] },
    {
      name: 'event detail, large event',
      kind: 'detail',
      paths: [`/api/events/${data.largeEvent.slug}`],
    },
    { name: 'event detail, small events', kind: 'detail', paths: data.smallEvents.map((e) => `/api/events/${e.slug}`) },
    { name: 'health (ceiling)', kind: 'ceiling', paths: ['/api/health'] },
  ];
}
