/**
 * What the grouping algorithm knows about a person (docs/decisions/023-grouping.md): one role of a
 * handful, the hours they are awake in UTC (from their time zone and availability), their
 * availability step and their level. Everything here is pure: no database.
 */
import type { Availability, SkillLevel } from '../../../shared/constants';
import { timezoneHours } from '../../../shared/matching';

export const ROLES = ['build', 'data', 'design', 'product', 'hardware'] as const;
export type Role = (typeof ROLES)[number];

/** How a role reads in a sentence ('the only designer', 'no product person'). */
export const ROLE_PERSON: Record<Role, string> = {
  build: 'builder (front or back end)',
  data: 'data/ML person',
  design: 'designer',
  product: 'product/pitch person',
  hardware: 'hardware person',
};
export const ROLE_PLURAL: Record<Role, string> = {
  build: 'builders',
  data: 'data/ML people',
  design: 'designers',
  product: 'product/pitch people',
  hardware: 'hardware people',
};
export const ROLE_LABEL: Record<Role, string> = {
  build: 'build (front/back)',
  data: 'data/ML',
  design: 'design',
  product: 'product/pitch',
  hardware: 'hardware',
};

/** Full Time, Flexible, Part Time, Weekends: 'within one step' compares these numbers. */
export const AVAILABILITY_STEP: Record<Availability, number> = { 'Full Time': 0, Flexible: 1, 'Part Time': 2, Weekends: 3 };
export const STEP_AVAILABILITY: Availability[] = ['Full Time', 'Flexible', 'Part Time', 'Weekends'];

/** Local waking hours [from, to) by availability: the hours a person can be counted on. */
export const LOCAL_HOURS: Record<Availability, [number, number]> = {
  'Full Time': [9, 21],
  Flexible: [8, 24],
  'Part Time': [17, 23],
  Weekends: [10, 20],
};

export const LEVEL_RANK: Record<SkillLevel, number> = { Beginner: 0, Intermediate: 1, Advanced: 2 };

/** An opted-in solo, as the algorithm takes it. */
export interface Solo {
  id: string;
  role: Role;
  /** 'UTC+5:30' as on the profile; null when the profile has none (then their hours are not counted). */
  timezone: string | null;
  availability: Availability;
  level: SkillLevel;
  /** Opt-in order (first come), for the first-come baseline and ties. */
  order: number;
  /** Skill names, for the similarity baseline only. */
  skills?: string[];
}

/** A team that wants more members: kept whole, filled first. */
export interface PartialTeam {
  id: string;
  members: Solo[];
  /** How many more people it wants (capped by the event's maximum). */
  wanted: number;
}

/**
 * The UTC hours a person is awake for the whole hour, as a 24-bit mask (bit h = h:00-h+1:00 UTC).
 * Half-hour time zones keep only whole hours inside their window, so a stated hour is always true.
 * Null time zone: null (unknown).
 */
export function wakingMask(timezone: string | null, availability: Availability): number | null {
  const offset = timezoneHours(timezone);
  if (offset === null) return null;
  const [from, to] = LOCAL_HOURS[availability];
  let mask = 0;
  for (let h = 0; h < 24; h++) {
    // UTC hour h is local h + offset; awake when [local, local + 1) lies inside [from, to) (mod 24).
    const local = (((h + offset) % 24) + 24) % 24;
    const inside = (t: number) => t >= from && t <= to;
    const start = local;
    const end = local + 1;
    if ((inside(start) && inside(end)) || (inside(start + 24) && inside(end + 24)) || (inside(start - 24) && inside(end - 24)))
      mask |= 1 << h;
  }
  return mask;
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The longest run of set bits in a 24-hour mask, around midnight too: [from, length], or null. */
export function longestRun(mask: number): [number, number] | null {
  if (mask === 0) return null;
  if (mask === 0xffffff) return [0, 24];
  let best: [number, number] | null = null;
  for (let h = 0; h < 24; h++) {
    const prev = (h + 23) % 24;
    if (!(mask & (1 << h)) || mask & (1 << prev)) continue;
    let len = 0;
    while (len < 24 && mask & (1 << ((h + len) % 24))) len++;
    if (!best || len > best[1]) best = [h, len];
  }
  return best;
}

/** '14-18 UTC' for a run starting at 14 of 4 hours. */
export function hoursText(from: number, length: number): string {
  return `${String(from).padStart(2, '0')}-${String((from + length) % 24 || 24).padStart(2, '0')} UTC`;
}

/** Skills onto roles: the first pattern that matches a skill name wins; anything else builds. */
const ROLE_PATTERNS: [Role, RegExp][] = [
  [
    'hardware',
    /embedded|arduino|raspberry|\biot\b|robot|\bros\b|hardware|pcb|\bcad\b|3d print|signal processing|audio processing|assembly|music tech/i,
  ],
  [
    'design',
    /design|figma|\bui\b|\bux\b|sketch|framer|webflow|illustrat|branding|photoshop|after effects|prototyping|user research|video editing|blender|accessibility/i,
  ],
  [
    'data',
    /machine learning|\bdata\b|data |\bml|\bai\b|tensorflow|pytorch|\bnlp\b|llm|pandas|numpy|scikit|jupyter|statistic|computer vision|^r$|tableau|power bi|spark|hadoop|\betl\b|airflow|\bdbt\b|hugging face|\brag\b|vector|pinecone|deep learning|reinforcement|bioinformatics|time series|recommendation|opencv|yolo|stable diffusion|generative|cuda|speech|prompt|langchain|openai|agents|chatbots|bigquery|snowflake|clickhouse|mathematics|optimization|operations research|julia|matlab|excel|kubeflow|mlflow|mlops|geospatial|\bgis\b|quantum|qiskit/i,
  ],
  [
    'product',
    /product|marketing|public speaking|pitch|business|copywriting|technical writing|project management|agile|scrum|sales|finance|legal|customer|fundraising|leadership|community|growth|content|mentoring|documentation|\bseo\b|localization|fintech|healthcare|climate|edtech|govtech/i,
  ],
];

export function roleOfSkill(name: string): Role {
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(name)) return role;
  return 'build';
}

const LEVEL_WEIGHT: Record<SkillLevel, number> = { Beginner: 1, Intermediate: 2, Advanced: 3 };

/** A person's role from their skills: the role with the most level-weighted skills; no skills: build. */
export function roleFromSkills(skills: { name: string; level: SkillLevel }[]): Role {
  const score = new Map<Role, number>();
  for (const s of skills) {
    const r = roleOfSkill(s.name);
    score.set(r, (score.get(r) ?? 0) + LEVEL_WEIGHT[s.level]);
  }
  let best: Role = 'build';
  let bestScore = 0;
  for (const r of ROLES)
    if ((score.get(r) ?? 0) > bestScore) {
      best = r;
      bestScore = score.get(r)!;
    }
  return best;
}

/** A person's level: their highest skill level; no skills: Beginner. */
export function levelFromSkills(skills: { level: SkillLevel }[]): SkillLevel {
  let best: SkillLevel = 'Beginner';
  for (const s of skills) if (LEVEL_RANK[s.level] > LEVEL_RANK[best]) best = s.level;
  return best;
}

/** A small seeded generator (mulberry32): the same seed, the same groups. */
export function rng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
export type Rng = ReturnType<typeof rng>;
