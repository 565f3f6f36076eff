/** Personal API tokens (docs/decisions/025-personal-api-tokens.md): their routes, and the check of a Bearer token on every request. */
export { tokensRoutes } from './tokens.routes';
export { bearerTokens } from './bearer';
export { deleteTokensOf } from './tokens.repo';
