/** What other features may use of the profiles feature. */
export { ProfileCardView } from './profile-card';
export { useProfiles } from './profile-queries';
