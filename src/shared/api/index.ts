/**
 * The whole API contract: every route, by feature. `ApiRoutes` names each route by its method
 * and path ('GET /api/teams/{id}'), the way the web app's client calls it.
 */
import type { accountApi } from './account';
import type { authApi } from './auth';
import type { eventsApi } from './events';
import type { groupingApi } from './grouping';
import type { matchingApi } from './matching';
import type { moderationApi } from './moderation';
import type { notificationsApi } from './notifications';
import type { organizeApi } from './organize';
import type { profilesApi } from './profiles';
import type { systemApi } from './system';
import type { teamsApi } from './teams';
import type { tokensApi } from './tokens';
import type { webhooksApi } from './webhooks';

type Contract =
  | typeof accountApi
  | typeof authApi
  | typeof eventsApi
  | typeof groupingApi
  | typeof matchingApi
  | typeof moderationApi
  | typeof notificationsApi
  | typeof organizeApi
  | typeof profilesApi
  | typeof systemApi
  | typeof teamsApi
  | typeof tokensApi
  | typeof webhooksApi;
/** Each feature's routes (distributed over the union, so no feature's keys are lost). */
type RoutesOf<C> = C extends unknown ? C[keyof C] : never;
type AnyRoute = RoutesOf<Contract>;
type RouteKey<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;

/** Every route of the API, keyed 'METHOD /path/{param}'. */
export type ApiRoutes = { [R in AnyRoute as RouteKey<R>]: R };
