/** What other features may use of the teams feature. */
import { lazy } from 'react';

export { TeamCardView } from './team-card';
export { useAnswerJoinRequest, useCancelRequest, useKeepPositionsOpen, useTeams } from './team-queries';
/** Loaded when first shown: its forms would otherwise weigh on every page that imports this entry. */
export const InviteToTeamButtons = lazy(() => import('./invite-to-team').then((m) => ({ default: m.InviteToTeamButtons })));
/** Loaded when first shown (the own profile's teams), with its confirmation dialog. */
export const LeaveTeamButton = lazy(() => import('./leave-team-button').then((m) => ({ default: m.LeaveTeamButton })));
/** 'Teams that need you', for the own profile; loaded when first shown, like the invite buttons. */
export const TeamsThatNeedYou = lazy(() => import('./matching').then((m) => ({ default: m.TeamsThatNeedYou })));
