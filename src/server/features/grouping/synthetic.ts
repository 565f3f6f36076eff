/**
 * A seeded synthetic event for the bench and the tests: solos with roles, time zones (weighted as a
 * global online hackathon, one in ten without), availability, levels, a few forbidden pairs among
 * neighbours (where they bite), and partial teams wanting members.
 */
import { AVAILABILITIES, SKILL_LEVELS, TIMEZONES } from '../../../shared/constants';
import { rng, type PartialTeam, type Role, type Solo } from './people';

const ROLE_WEIGHTS: [Role, number][] = [
  ['build', 0.45],
  ['data', 0.2],
  ['design', 0.14],
  ['product', 0.13],
  ['hardware', 0.08],
];
/** Time zones where hackers are: the Americas, Europe/Africa, India, East Asia. */
const TZ_WEIGHTS: Record<string, number> = {
  'UTC-8': 6,
  'UTC-7': 3,
  'UTC-6': 3,
  'UTC-5': 8,
  'UTC-4': 3,
  'UTC-3': 4,
  'UTC+0': 4,
  'UTC+1': 9,
  'UTC+2': 5,
  'UTC+3': 3,
  'UTC+5:30': 10,
  'UTC+7': 3,
  'UTC+8': 7,
  'UTC+9': 4,
  'UTC+10': 2,
};
const SKILLS: Record<Role, string[]> = {
  build: ['React', 'TypeScript', 'Node.js', 'Go', 'Java', 'PostgreSQL', 'Flutter'],
  data: ['Python', 'Machine Learning', 'PyTorch', 'Pandas', 'SQL', 'NLP'],
  design: ['Figma', 'UI/UX Design', 'Prototyping', 'User Research'],
  product: ['Product Management', 'Pitching', 'Marketing', 'Business Strategy'],
  hardware: ['Arduino', 'Embedded Systems', 'Robotics', 'PCB Design'],
};

function weighted<T>(random: ReturnType<typeof rng>, items: [T, number][]): T {
  const total = items.reduce((a, [, w]) => a + w, 0);
  let x = random.next() * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1][0];
}

export interface SyntheticEvent {
  solos: Solo[];
  partialTeams: PartialTeam[];
  forbidden: [string, string][];
}

export function syntheticEvent(opts: {
  solos: number;
  partialTeams?: number;
  seed: number;
  blockRate?: number;
  max?: number;
}): SyntheticEvent {
  const random = rng(opts.seed * 7919 + 13);
  const tzs = TIMEZONES.map((tz) => [tz, TZ_WEIGHTS[tz] ?? 0.5] as [string, number]);
  const person = (id: string, order: number): Solo => {
    const role = weighted(random, ROLE_WEIGHTS);
    const skills = SKILLS[role];
    return {
      id,
      role,
      timezone: random.next() < 0.1 ? null : weighted(random, tzs),
      availability: AVAILABILITIES[random.int(AVAILABILITIES.length)],
      level: weighted(
        random,
        SKILL_LEVELS.map((l, i) => [l, [0.35, 0.4, 0.25][i]]),
      ),
      order,
      skills: [skills[random.int(skills.length)], skills[random.int(skills.length)], 'Git'].filter((s, i, a) => a.indexOf(s) === i),
    };
  };
  const width = String(opts.solos).length;
  const solos = Array.from({ length: opts.solos }, (_, i) => person(`s${String(i).padStart(width, '0')}`, i));
  const max = opts.max ?? 4;
  const partialTeams: PartialTeam[] = Array.from({ length: opts.partialTeams ?? 0 }, (_, t) => {
    const size = 1 + random.int(max - 1);
    return {
      id: `t${t}`,
      members: Array.from({ length: size }, (_, k) => person(`t${t}m${k}`, opts.solos + t * max + k)),
      wanted: 1 + random.int(max - size),
    };
  });
  const forbidden = forbiddenAmong([...solos, ...partialTeams.flatMap((t) => t.members)], opts.blockRate ?? 0.02, random);
  return { solos, partialTeams, forbidden };
}

/** Seeded forbidden pairs among people likely to meet (same availability and time zone), for `rate` of them. */
export function forbiddenAmong(all: Solo[], rate: number, random: ReturnType<typeof rng>): [string, string][] {
  const forbidden: [string, string][] = [];
  const peersOf = new Map<string, Solo[]>();
  const key = (s: Solo) => `${s.availability}|${s.timezone}`;
  for (const s of all) {
    const list = peersOf.get(key(s));
    if (list) list.push(s);
    else peersOf.set(key(s), [s]);
  }
  for (const s of all) {
    if (random.next() >= rate) continue;
    const peers = peersOf.get(key(s))!;
    for (let k = 0; k < 1 + random.int(3) && peers.length > 1; k++) {
      const other = peers[random.int(peers.length)];
      if (other.id !== s.id) forbidden.push([s.id, other.id]);
    }
  }
  return forbidden;
}
