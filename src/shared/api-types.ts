/**
 * Shapes of the JSON the API returns, shared by server and web. Requests are described by the
 * zod schemas in schemas.ts.
 */
import type { Availability, RequestStatus, SkillLevel } from './constants';

export interface Paged<T> {
  items: T[];
  /** Number of all matches, not only this page. */
  total: number;
  page: number;
  pageSize: number;
}

export interface SkillBadge {
  name: string;
  level: SkillLevel;
}

/** What a profile card shows (lists, home preview). */
export interface ProfileCard {
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  availability: Availability;
  lookingForTeam: boolean;
  skills: SkillBadge[];
  createdAt: string;
}

export interface ContactInfo {
  discordUsername: string | null;
  twitterUsername: string | null;
  timezone: string | null;
  githubUrl: string | null;
  linkedinUrl: string | null;
  portfolioUrl: string | null;
}

/** The public profile page. `contact` is null for anonymous viewers. */
export interface ProfileDetail extends ProfileCard {
  experiences: string[];
  contact: ContactInfo | null;
}

export interface Membership {
  teamId: string;
  teamName: string;
  description: string | null;
  logoUrl: string | null;
  isOpen: boolean;
  role: string;
  isLeader: boolean;
}

/** The signed-in user's own profile (/profile). */
export interface OwnProfile extends ProfileCard {
  experiences: string[];
  contact: ContactInfo;
  teams: Membership[];
}

export interface TeamCard {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  isOpen: boolean;
  openPositions: string[];
  memberCount: number;
  createdAt: string;
}

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  avatarUrl: string | null;
}

export interface TeamMemberView extends PersonRef {
  role: string;
  isLeader: boolean;
}

export interface TeamDetail extends TeamCard {
  updatedAt: string;
  members: TeamMemberView[];
  /** What the signed-in viewer may do here; all false for anonymous viewers. */
  viewer: { isMember: boolean; isLeader: boolean; hasPendingRequest: boolean };
}

export interface JoinRequestView {
  id: string;
  teamId: string;
  teamName: string;
  requester: PersonRef;
  position: string;
  message: string;
  status: RequestStatus;
  createdAt: string;
}

export interface InvitationView {
  id: string;
  team: { id: string; name: string; logoUrl: string | null };
  role: string;
  message: string;
  status: RequestStatus;
  createdAt: string;
}

export interface Notifications {
  invitations: InvitationView[];
  requests: JoinRequestView[];
  /** Pending invitations plus pending own requests: the tab badge. */
  pendingCount: number;
}

/** Teams the viewer leads, for the 'Invite to {team}' buttons. */
export interface LedTeam {
  id: string;
  name: string;
  /** Only with ?candidate={profileId}: that person is already in the team / has a pending invitation. */
  candidateIsMember?: boolean;
  candidateInvited?: boolean;
}
