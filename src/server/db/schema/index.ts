/**
 * The whole data model (docs/product.md#data) plus the auth tables better-auth uses, one file per
 * area. The database keeps the data sound on its own: foreign keys, CHECKs, and partial unique
 * indexes for "one pending request / invitation per team and person".
 */
export * from './auth';
export * from './profiles';
export * from './events';
export * from './teams';
export * from './notifications';
export * from './organize';
export * from './grouping';
export * from './safety';
export * from './moderation';
export * from './tokens';
export * from './webhooks';
