/**
 * Matching (docs/decisions/011-matching.md): what a position needs, and the score a person could
 * recompute from the reasons shown. The server ranks with these weights; the web app shows them.
 */
import { TIMEZONES, type Availability, type SkillLevel } from './constants';

/** At most this many skills per open position. */
export const MAX_POSITION_SKILLS = 8;

/** Points for a needed skill the person has, by their level. */
export const LEVEL_POINTS: Record<SkillLevel, number> = { Advanced: 3, Intermediate: 2, Beginner: 1 };
/** Points for availability: those who can give the most time first. */
export const AVAILABILITY_POINTS: Record<Availability, number> = { 'Full Time': 2, Flexible: 2, 'Part Time': 1, Weekends: 0 };
/** Skill points count this many times: skills decide, availability and time zone break near-ties. */
export const SKILL_WEIGHT = 10;

/** 'UTC+5:30' -> 5.5; unknown -> null. */
export function timezoneHours(tz: string | null | undefined): number | null {
  const m = tz ? /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(tz) : null;
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3] ?? 0) / 60);
}

/** Hours between two offsets around the clock (UTC-11 and UTC+12 are 1 h apart). */
export function hoursBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 24;
  return Math.min(d, 24 - d);
}

/** 0 h: 3 points; up to 3 h: 2; up to 6 h: 1; further, or unknown: 0. */
export function timezonePoints(hoursApart: number | null): number {
  if (hoursApart === null) return 0;
  return Math.max(0, 3 - Math.ceil(hoursApart / 3));
}

/** 'same time zone', '3 h apart', '5.5 h apart'. */
export function hoursApartText(hoursApart: number): string {
  return hoursApart === 0 ? 'same time zone' : `${Number.isInteger(hoursApart) ? hoursApart : hoursApart.toFixed(1)} h apart`;
}

/** Every time zone's offset, for the database's ranking (a VALUES list). */
export const TIMEZONE_HOURS: [string, number][] = TIMEZONES.map((tz) => [tz, timezoneHours(tz) ?? 0]);

/** Skills a position title suggests, for well-known titles ('Frontend Developer' -> React, TypeScript, CSS). */
const SUGGESTIONS: [RegExp, string[]][] = [
  [/front[- ]?end|web dev/i, ['React', 'TypeScript', 'CSS']],
  [/back[- ]?end|api/i, ['Node.js', 'PostgreSQL', 'Go']],
  [/full[- ]?stack/i, ['React', 'Node.js', 'TypeScript', 'PostgreSQL']],
  [/mobile|ios|android/i, ['React Native', 'Swift', 'Kotlin']],
  [/\bml\b|machine learning|\bai\b/i, ['Python', 'PyTorch', 'Machine Learning']],
  [/data scien|data analy/i, ['Python', 'SQL', 'Pandas']],
  [/data engineer/i, ['Python', 'SQL', 'Spark']],
  [/design|ui|ux/i, ['Figma', 'UI Design', 'User Research']],
  [/devops|cloud|infra|sre/i, ['Docker', 'Kubernetes', 'AWS']],
  [/hardware|embedded|iot/i, ['C', 'Arduino', 'Embedded Systems']],
  [/game/i, ['Unity', 'C#', 'Game Design']],
  [/blockchain|web3|smart contract/i, ['Solidity', 'Ethereum']],
  [/security/i, ['Security', 'Networking']],
  [/product|pm\b/i, ['Product Management', 'User Research']],
];
export function suggestedSkills(title: string): string[] {
  return SUGGESTIONS.find(([pattern]) => pattern.test(title))?.[1] ?? [];
}

/**
 * The skills a position needs: an own entry of the map only. Titles are the people's own words, and
 * 'constructor' or 'toString' must not find what every object inherits.
 */
export function skillsOfPosition(positionSkills: Record<string, string[]>, title: string): string[] {
  return Object.hasOwn(positionSkills, title) ? positionSkills[title] : [];
}

/**
 * What the positions need, kept for the open positions only: the map, and every needed skill
 * lower-cased for the 'teams that need you' index (docs/decisions/011-matching.md).
 */
export function positionSkillColumns(openPositions: string[], skills: Record<string, string[]>) {
  const positionSkills = Object.fromEntries(
    openPositions.flatMap((title) => {
      const needs = skillsOfPosition(skills, title);
      return needs.length ? [[title, needs]] : [];
    }),
  );
  const neededSkills = [
    ...new Set(
      Object.values(positionSkills)
        .flat()
        .map((s) => s.toLowerCase()),
    ),
  ];
  return { positionSkills, neededSkills };
}
