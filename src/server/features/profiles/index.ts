/** What other features (and the auth layer) may use of the profiles feature. */
export { toAvatarWebp } from './avatar-image';
export * as profileEdits from './profile-edits.repo';
export {
  createProfile,
  deleteProfile,
  getMe,
  getOwnProfile,
  getProfileOwner,
  lockProfile,
  lockProfiles,
  matchingPeople,
  profileIdOfUser,
  profileIdOfUserColumn,
  stopLooking,
} from './profiles.repo';
