/**
 * How repositories answer a rule (HOUSE-STYLE 18: routes translate, repositories decide): an
 * outcome that is either done (with what the caller needs) or refused with a code of
 * src/shared/api/refusals.ts. A route turns a refusal into its answer with `orRefuse`.
 */
import { refusalText, type RefusalCode } from '../../shared/api/refusals';
import type { Db } from '../db/client';
import { ApiError } from './http';

export type Refused = { ok: false; reason: RefusalCode; detail?: Record<string, string | number> };
export type Outcome<T extends object = object> = ({ ok: true } & T) | Refused;

export const refused = (reason: RefusalCode, detail?: Refused['detail']): Refused => ({ ok: false, reason, ...(detail && { detail }) });
export const done = <T extends object>(value: T = {} as T): { ok: true } & T => ({ ok: true, ...value });

/** The answer a refusal gets: its status, message, code and (for a form field) `fields`. */
export function refusalError({ reason, detail }: Refused): ApiError {
  const { status, message, field } = refusalText(reason, detail);
  // A limit says when to try again (Retry-After).
  const retryAfter = status === 429 && typeof detail?.retryAfter === 'number' ? detail.retryAfter : undefined;
  return new ApiError(status, message, field ? { [field]: message } : undefined, reason, retryAfter);
}

/** The outcome's value when done; otherwise the refusal, thrown as the route's answer. */
export function orRefuse<T extends object>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw refusalError(outcome);
  return outcome;
}

/**
 * Ends a transaction without keeping anything, answering `refusal`: thrown inside
 * `db.transaction`, caught by `inTransaction`.
 */
export class Rollback extends Error {
  constructor(readonly refusal: Refused) {
    super('rolled back');
  }
}

/** Runs `work` in a transaction; a `Rollback` thrown inside undoes it and becomes the outcome. */
export async function inTransaction<T extends object>(db: Db, work: (tx: Db) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (err instanceof Rollback) return err.refusal;
    throw err;
  }
}
