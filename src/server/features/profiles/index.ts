/** What other features (and the auth layer) may use of the profiles feature. */
export { createProfile, getMe, lockProfile, people, profileIdOfUser, rankCandidates, skillsOf, stopLooking } from './profiles.repo';
