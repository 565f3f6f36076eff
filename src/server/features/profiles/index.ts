/** What other features (and the auth layer) may use of the profiles feature. */
export { createProfile, getMe, lockProfile, people, profileIdOfUser, stopLooking } from './profiles.repo';
