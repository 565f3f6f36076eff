/**
 * What is left of the one hackathon the product was built for, now that events are data
 * (docs/product.md#events; its facts live on as the 2025 event, made by migration 0013).
 */

/** Where 'Register Now' led unless the server is configured with EVENT_URL (`GET /api/config`). */
export const DEFAULT_EVENT_URL = 'https://www.worldslargesthackathon.com/';

/**
 * The names of the hackathons the home page once listed: with the product's name, the words anyone
 * attacking this site tries first as a password (src/server/auth/common-passwords.ts).
 */
export const PRODUCT_EVENT_NAMES: readonly string[] = ["World's Largest Hackathon", 'SF AI Builders Hackathon', 'Boston Climate Tech Hack'];
