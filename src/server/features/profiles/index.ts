/** What other features (and the auth layer) may use of the profiles feature. */
export { createProfile, getMe, lockProfile, people, matchingPeople, profileIdOfUser, skillsOf, stopLooking } from './profiles.repo';
