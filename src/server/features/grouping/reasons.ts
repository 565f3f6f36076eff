/**
 * Why a group was proposed, in sentences a member can check against the profiles: each reason and
 * the trade-off come from one optimised term and carry the facts they state, so a test (and the
 * page) can recheck them against the members' fields.
 */
import type { Availability } from '../../../shared/constants';
import { hoursText, longestRun, ROLE_LABEL, ROLE_PERSON, ROLES, STEP_AVAILABILITY, type Role } from './people';
import { BUILD, MIN_SHARED_HOURS, type GroupTerms, type Member } from './terms';

export type Reason =
  | { kind: 'only-role'; text: string; memberId: string; role: Role }
  | { kind: 'roles'; text: string; roles: Role[] }
  | { kind: 'hours'; text: string; from: number; hours: number; counted: number }
  | { kind: 'availability'; text: string; availabilities: Availability[] }
  | { kind: 'experienced'; text: string; count: number }
  | { kind: 'missing-role'; text: string; role: Role }
  | { kind: 'few-hours'; text: string; hours: number }
  | { kind: 'availability-spread'; text: string; availabilities: Availability[] }
  | { kind: 'all-beginners'; text: string }
  | { kind: 'no-time-zones'; text: string };

/** A bucket's role supply and group count, for the trade-off's 'why'. */
export interface BandStats {
  supply: number[];
  groups: number;
}

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
export const countWord = (n: number) => WORDS[n] ?? String(n);

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const AVAILABILITY_WORD: Record<Availability, string> = {
  'Full Time': 'full time',
  Flexible: 'flexible',
  'Part Time': 'part time',
  Weekends: 'weekends only',
};
const availabilityWord = (a: Availability) => AVAILABILITY_WORD[a];

export function explain(members: Member[], terms: GroupTerms, stats?: BandStats): { reasons: Reason[]; tradeOff: Reason } {
  const reasons: Reason[] = [];
  const roleCount = ROLES.map(() => 0);
  for (const m of members) roleCount[m.role]++;
  // Roles: who is the only one of their kind, and what the group covers.
  for (const m of members)
    if (roleCount[m.role] === 1 && terms.distinctRoles > 1)
      reasons.push({
        kind: 'only-role',
        memberId: m.person.id,
        role: m.person.role,
        text: `${m.person.id} is the only ${ROLE_PERSON[m.person.role]}`,
      });
  const roles = ROLES.filter((_, i) => roleCount[i] > 0);
  if (roles.length > 1) reasons.push({ kind: 'roles', roles, text: `Between you: ${list(roles.map((r) => ROLE_LABEL[r]))}` });
  // Hours: the longest stretch everyone with a time zone is awake.
  const known = members.filter((m) => m.known).length;
  const run = known > 0 ? longestRun(terms.sharedMask) : null;
  if (run && known >= 2) {
    const who =
      known === members.length
        ? `All ${countWord(known)} of you are`
        : `The ${countWord(known)} of you with a time zone on your profile are`;
    reasons.push({ kind: 'hours', from: run[0], hours: run[1], counted: known, text: `${who} awake ${hoursText(run[0], run[1])}` });
  }
  // Availability: the same, or within one step.
  const steps = [...new Set(members.map((m) => m.step))].sort();
  if (terms.availabilitySpread <= 1) {
    const availabilities = steps.map((s) => STEP_AVAILABILITY[s]);
    reasons.push({
      kind: 'availability',
      availabilities,
      text: `Everyone is ${list(availabilities.map(availabilityWord)).replace(/ and /, ' or ')}`,
    });
  }
  // Level: someone has done this before.
  const experienced = members.filter((m) => m.level > 0).length;
  if (experienced > 0 && members.length > 1)
    reasons.push({
      kind: 'experienced',
      count: experienced,
      text:
        experienced === members.length
          ? 'Everyone has an Intermediate or Advanced skill'
          : `${countWord(experienced)[0].toUpperCase()}${countWord(experienced).slice(1)} of you ${experienced === 1 ? 'has' : 'have'} an Intermediate or Advanced skill`,
    });
  return { reasons, tradeOff: tradeOff(members, terms, roleCount, stats) };
}

function tradeOff(members: Member[], terms: GroupTerms, roleCount: number[], stats?: BandStats): Reason {
  const known = members.filter((m) => m.known).length;
  if (known >= 2 && terms.sharedHours < MIN_SHARED_HOURS)
    return {
      kind: 'few-hours',
      hours: terms.sharedHours,
      text:
        terms.sharedHours === 0
          ? 'Your waking hours do not overlap'
          : `You share only ${countWord(terms.sharedHours)} waking ${terms.sharedHours === 1 ? 'hour' : 'hours'} a day`,
    };
  if (terms.availabilitySpread > 1) {
    const availabilities = [...new Set(members.map((m) => m.step))].sort().map((s) => STEP_AVAILABILITY[s]);
    return {
      kind: 'availability-spread',
      availabilities,
      text: `Your availability differs: ${list(availabilities.map(availabilityWord))}`,
    };
  }
  if (!terms.hasBuilder) return missingRole('build', stats);
  if (terms.allBeginners && members.length > 1)
    return { kind: 'all-beginners', text: 'Everyone is a beginner: nobody more experienced was free in your band' };
  // The missing role that was scarcest around you.
  const missing = ROLES.map((r, i) => ({ r, i })).filter(({ i }) => roleCount[i] === 0 && i !== BUILD);
  if (missing.length) {
    const ratio = (i: number) => (stats ? stats.supply[i] / Math.max(1, stats.groups) : 0);
    missing.sort((a, b) => ratio(a.i) - ratio(b.i) || a.i - b.i);
    return missingRole(missing[0].r, stats);
  }
  if (known === 0) return { kind: 'no-time-zones', text: 'None of you has a time zone on your profile, so hours were not matched' };
  return {
    kind: 'few-hours',
    hours: terms.sharedHours,
    text: `You share ${countWord(terms.sharedHours)} waking hours a day, not more`,
  };
}

function missingRole(role: Role, stats?: BandStats): Reason {
  const i = ROLES.indexOf(role);
  const why = stats
    ? stats.supply[i] === 0
      ? `none was free in your time zone band`
      : stats.supply[i] < stats.groups
        ? `your time zone band had ${stats.supply[i]} for ${stats.groups} groups`
        : `the ones in your time zone band fitted other groups better`
    : `none was free for your team`;
  return { kind: 'missing-role', role, text: `No ${ROLE_PERSON[role]}: ${why}` };
}

/** A member's view: 'you are the only designer' first, others' names as given. */
export function reasonsFor(reasons: Reason[], memberId: string, nameOf: (id: string) => string): string[] {
  const mine = reasons.filter((r) => r.kind === 'only-role' && r.memberId === memberId);
  const others = reasons.filter((r) => !(r.kind === 'only-role' && r.memberId === memberId));
  return [
    ...mine.map((r) => (r.kind === 'only-role' ? `You are the only ${ROLE_PERSON[r.role]}` : r.text)),
    ...others.map((r) => (r.kind === 'only-role' ? `${nameOf(r.memberId)} is the only ${ROLE_PERSON[r.role]}` : r.text)),
  ];
}
