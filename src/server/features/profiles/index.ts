/** What other features (and the auth layer) may use of the profiles feature. */
export {
  createProfile,
  deleteProfile,
  getMe,
  getOwnProfile,
  lockProfile,
  matchingPeople,
  people,
  profileIdOfUser,
  profileIdOfUserColumn,
  stopLooking,
} from './profiles.repo';
