/**
 * What a call of a route takes and answers, derived from the route's declaration alone (types
 * only, no runtime): the web app's client and the server's test harness both call routes by
 * their key ('GET /api/teams/{id}'), so a change of a schema fails typecheck in both.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { ApiRoutes } from './index';

type JsonSchemaOf<R> = R extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never;
type Success = 200 | 201 | 202 | 204;

/** What a route answers on success: its JSON, or null for 204 (and for answers that are not JSON). */
export type ApiResponse<R extends RouteConfig> = {
  [K in keyof R['responses']]: K extends Success
    ? [JsonSchemaOf<R['responses'][K]>] extends [never]
      ? null
      : z.output<JsonSchemaOf<R['responses'][K]>>
    : never;
}[keyof R['responses']];

type Request<R extends RouteConfig> = NonNullable<R['request']>;
/** The route's query schema, or never when it takes no query. */
export type QuerySchemaOf<R extends RouteConfig> = Request<R> extends { query: infer Q extends z.ZodType } ? Q : never;

export type ParamsInput<R extends RouteConfig> =
  Request<R> extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : unknown;
/** Query values as the page has them; they are written into the URL as the server reads them. */
export type QueryInput<R extends RouteConfig> = [QuerySchemaOf<R>] extends [never]
  ? unknown
  : { query?: Partial<z.output<QuerySchemaOf<R>>> };
export type BodyInput<R extends RouteConfig> =
  Request<R> extends { body: { content: { 'application/json': { schema: infer B extends z.ZodType } } } }
    ? { body: z.input<B> }
    : Request<R> extends { body: { content: { 'multipart/form-data': unknown } } }
      ? { body: FormData }
      : unknown;

/** Everything a call of the route sends: path parameters, query and body, each only where the route has one. */
export type ApiInput<R extends RouteConfig> = ParamsInput<R> & QueryInput<R> & BodyInput<R>;

export type ApiRoute = keyof ApiRoutes;
/** The success answer of a route, by its key: `ApiAnswer<'GET /api/teams/{id}'>`. */
export type ApiAnswer<K extends ApiRoute> = ApiResponse<ApiRoutes[K]>;

/** The arguments after the route key: the input is optional only for routes that need none. */
export type InputArgs<Input> = Partial<Input> extends Input ? [input?: Input] : [input: Input];
