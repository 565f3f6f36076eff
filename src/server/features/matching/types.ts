/** What the matching index keeps, reads and answers (docs/decisions/011-matching.md). */
import type { SkillBadge } from '../../../shared/api/profiles';
import type { TeamCard } from '../../../shared/api/teams';
import type { Availability } from '../../../shared/constants';

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
