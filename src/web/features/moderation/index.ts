/** What other web features may use of safety and moderation: Block, Report, and the Safety settings. */
export { BlockButton } from './block-button';
export { ReportButton } from './report-button';
export { SafetySettings } from './safety-settings';
