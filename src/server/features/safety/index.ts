/**
 * What other features may use of safety (docs/product.md#safety): blocks, who may contact a person,
 * per-sender hourly limits, bans and hidden content. It uses no other feature.
 */
export { block, blockBetween, blockedBy, blockedPairsAmong, blockedWithOf, unblock } from './blocks.repo';
export { contactSettingOf, contactSettingSql, contactSettingsOf, countSend, setContactSetting } from './contact.repo';
export { activeBans, addBan, bannedAmong, bannedFrom, isBanned, liftBan, platformBanned } from './bans.repo';
export { activeHides, hide, hideForBan, hiddenAmong, hiddenReason, hiddenReasonOf, unhide } from './hidden.repo';
