/** What other features (and the auth layer) may use of the profiles feature. */
export { createProfile, getMe, lockProfile, matchingProfile, people, profileIdOfUser, rankCandidates, stopLooking } from './profiles.repo';
