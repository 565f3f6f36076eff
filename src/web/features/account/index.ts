/** What other features may use of the account feature: its part of the Settings tab. */
export { AccountSettings } from './account-settings';
export { VerifyEmailBanner } from './verify-email-banner';
