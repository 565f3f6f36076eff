/**
 * The building blocks of the API contract: how a route is declared (method, path, request and
 * response schemas), the error shape every 4xx shares, and the session security scheme.
 *
 * The routes themselves live beside this file, one module per feature. The server implements
 * exactly these declarations (@hono/zod-openapi checks each handler's responses against them and
 * builds /api/openapi.json from them) and the web app's client takes its request and response
 * types from the same objects. Nothing here imports a runtime from outside zod, so the web
 * bundle carries only the schemas. See docs/decisions/007-api-contract.md.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { ERROR_CODES, GENERAL_ERRORS, REFUSALS, refusalText } from './refusals';

/** A route of the API. `as const` typing keeps each path and schema exact for the client. */
export const defineRoute = <const R extends RouteConfig>(route: R): R => route;

/** The name of the security scheme every signed-in route declares (see SESSION_COOKIE). */
export const SESSION = 'session';
/** better-auth's session cookie (prefixed with `__Secure-` when served over HTTPS). */
export const SESSION_COOKIE = 'better-auth.session_token';
/** The name of the personal API token scheme (`Authorization: Bearer ht_...`, src/shared/api/tokens.ts). */
export const TOKEN = 'token';
/** `security` of a route that needs a signed-in user: 401 without a valid session cookie (or API token). */
export const signedIn = [{ [SESSION]: [] }];
/**
 * `security` of a route anyone may call whose answer depends on who asks (your own membership,
 * a draft you organize): the session is optional, and a bad one is simply nobody.
 */
export const optionalSession: Record<string, string[]>[] = [{ [SESSION]: [] }, {}];
/** Whether a route's `security` lets a request without a session through. */
export const sessionOptional = (security: readonly Record<string, string[]>[] | undefined) =>
  !security?.length || security.some((s) => Object.keys(s).length === 0);

const codeLine = (code: string, text: string) => `- \`${code}\`: ${text}`;
const refusalLine = (code: keyof typeof REFUSALS) => {
  // Each detail a message names reads as its placeholder: 'Registration for {event} is closed'.
  const placeholders = new Proxy({}, { get: (_, key) => `{${String(key)}}` }) as Record<string, string>;
  const { status, message } = refusalText(code, placeholders);
  return codeLine(code, `${message} (${status})`);
};

/** Every code an error can carry, with what it means: one list, in the document. */
export const ErrorCodeSchema = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description: [
    'A stable, machine-readable code for the error. General codes:',
    ...Object.entries(GENERAL_ERRORS).map(([code, text]) => codeLine(code, text)),
    '',
    'Refusals by a rule of the product:',
    ...(Object.keys(REFUSALS) as (keyof typeof REFUSALS)[]).map(refusalLine),
  ].join('\n'),
  example: 'team_full',
});

export const ErrorSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in words a user can read', example: 'Team not found' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description: "The first message per invalid field, keyed by the field's dotted path ('skills.0.name'; '_' for the body as a whole)",
        example: { message: 'Message must be at least 10 characters' },
      }),
    code: ErrorCodeSchema,
  })
  .meta({
    id: 'Error',
    description:
      'Every error answer has this shape: `code` is stable (scripts compare it), `error` is the words a person reads. 5xx answers never carry details (a 503 says when to try again).',
  });
export type ApiErrorBody = z.infer<typeof ErrorSchema>;

export const ERROR_DESCRIPTIONS = {
  400: 'The input is invalid: `fields` names each invalid field with its message',
  401: 'Not signed in: send the session cookie ("Please sign in to continue")',
  403: "Signed in, but not allowed to do this; or a write sent from another site's page",
  404: 'Not found (ids of things that are not yours answer 404, as if they did not exist)',
  409: 'The request conflicts with the current state (already answered, already a member, duplicate)',
  413: 'The request body is too large (1 MB; 5 MB for an avatar)',
  415: 'The body was not sent as application/json',
  429: 'Too many attempts: try again after `Retry-After` seconds (sign-in, sign-up and the other account routes; join requests and invitations per hour)',
  503: 'The server is busy, or its database briefly unreachable: try again after `Retry-After` seconds',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorResponse = <S extends ErrorStatus>(status: S) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The error answers a route may give, each with the shared error shape. */
export function errors<const S extends ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse(s)])) as {
    [K in S[number]]: ReturnType<typeof errorResponse<K>>;
  };
}

/** What every write with a JSON body can answer besides its own errors. */
export const jsonBodyErrors = [400, 413, 415] as const;

/** A JSON answer of the given schema. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

// ---------- common value schemas ----------

// No regex flags: the pattern goes into the API document as it is.
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Whether the text has the shape of a uuid, so the database can compare it with a uuid column. */
export const isUuid = (text: string | undefined): text is string => text !== undefined && UUID_RE.test(text);

export const Uuid = z.string().meta({ format: 'uuid', example: '3f2c8a52-5b7e-4c1d-9a0e-2d6f1b8c4e77' });
export const DateTime = z.string().meta({ format: 'date-time', example: '2026-05-30T11:00:00.000Z' });
export const NullableText = z.string().nullable();

/**
 * A path id. Ids that are not uuids cannot exist, so they answer 404 with `notFound` (the
 * server maps a failed path parameter to 404), never a database error.
 */
export const idParam = (notFound: string, description: string) =>
  z
    .string()
    .regex(UUID_RE, notFound)
    .transform((id) => id.toLowerCase())
    .meta({ description, format: 'uuid', example: '3f2c8a52-5b7e-4c1d-9a0e-2d6f1b8c4e77' });

/** One page of a list and the number of all matches. */
export const paged = <S extends z.ZodType>(item: S) =>
  z.strictObject({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Number of all matches, not only this page' }),
    page: z.number().int().meta({ description: 'This page, from 1' }),
    pageSize: z.number().int().meta({ description: 'Items per page (at most 100)' }),
  });
