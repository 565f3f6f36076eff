/**
 * Personal API tokens (docs/decisions/025-personal-api-tokens.md): made, listed and revoked by
 * their owner; and the one statement that checks a token on a request, counts it against the
 * token's hourly limit and notes when it was last used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ApiToken, TokenScope } from '../../../shared/api/tokens';
import { TOKEN_PREFIX } from '../../../shared/api/tokens';
import { done, inTransaction, refused, type Outcome } from '../../api/outcome';
import { lockKey, queryRows, type Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { countAttemptSql, type Limit } from '../../auth/attempt-limits.repo';
import { eventRefOf } from '../events';
import { profileIdOfUserColumn } from '../profiles';
import { userEmailColumn } from '../../auth/auth.repo';
import { platformBanned } from '../safety';

/** A fresh secret: `ht_` and 32 random bytes, base64url (43 characters). */
export const newSecret = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');
/** SHA-256, hex: a 256-bit random secret needs no slow hash (the decision says why). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** What the list shows: `ht_` and the next 5 characters. */
const prefixOf = (secret: string) => secret.slice(0, TOKEN_PREFIX.length + 5);

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  event: eventRefOf(apiTokens.eventId),
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};
type TokenRow = Omit<ApiToken, 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'scopes'> & {
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};
const toToken = (r: TokenRow): ApiToken => ({
  ...r,
  scopes: r.scopes as TokenScope[],
  event: r.event ?? null,
  createdAt: r.createdAt.toISOString(),
  expiresAt: r.expiresAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** The person's tokens, newest first. */
export async function tokensOf(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
  return rows.map(toToken);
}

export async function tokenCountOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row.n;
}

/**
 * Stores a new token (its hash) and answers it with its secret, which is never stored; refused once
 * the person has `limit`. Counted under a lock on the person's key, so two made at once cannot pass it.
 */
export async function insertToken(
  db: Db,
  token: { userId: string; name: string; scopes: TokenScope[]; eventId: string | null; expiresInDays: number | null },
  limit: number,
): Promise<Outcome<{ token: ApiToken; secret: string }>> {
  return inTransaction(db, async (tx) => {
    await lockKey(tx, `tokens:${token.userId}`);
    if ((await tokenCountOf(tx, token.userId)) >= limit) return refused('too_many_tokens', { limit });
    const secret = newSecret();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: token.userId,
        name: token.name,
        scopes: token.scopes,
        eventId: token.eventId,
        secretHash: hashSecret(secret),
        prefix: prefixOf(secret),
        expiresAt: token.expiresInDays ? sql`now() + make_interval(days => ${token.expiresInDays})` : null,
      })
      .returning({ id: apiTokens.id });
    const [made] = await tx.select(tokenColumns).from(apiTokens).where(eq(apiTokens.id, row.id));
    return done({ token: toToken(made), secret });
  });
}

/** Removes the token, at once for every instance (each request reads it afresh); false when it is not theirs. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export interface TokenUse {
  tokenId: string;
  userId: string;
  email: string;
  profileId: string | null;
  scopes: TokenScope[];
  /** The slug of the one event an organize token is limited to. */
  eventSlug: string | null;
  banned: boolean;
  /** Requests in this window, this one included, and when the window ends. */
  hits: number;
  resetAt: Date;
}

/**
 * The token whose secret hashes to `hash`, if it exists and has not expired, with its owner; in
 * the same statement its request is counted (attempt_counters, key `token:<id>`) and its last-used
 * time moved on when it is over a minute old. One round trip per token request.
 */
export async function useToken(db: Db, hash: string, limit: Limit): Promise<TokenUse | null> {
  const [row] = await queryRows<{
    id: string;
    user_id: string;
    email: string;
    profile_id: string | null;
    scopes: string[];
    event: { slug: string } | null;
    banned: boolean;
    hits: number;
    reset_at: Date | string;
  }>(
    db,
    sql`with found as (
          select ${apiTokens.id} as id, ${apiTokens.userId} as user_id, ${apiTokens.scopes} as scopes, ${apiTokens.lastUsedAt} as last_used_at,
                 ${userEmailColumn(apiTokens.userId)} as email, ${profileIdOfUserColumn(apiTokens.userId)} as profile_id,
                 ${eventRefOf(apiTokens.eventId).sql} as event
          from ${apiTokens}
          where ${apiTokens.secretHash} = ${hash} and (${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())
        ),
        touched as (
          update ${apiTokens} set last_used_at = now()
          where ${apiTokens.id} in (select id from found where last_used_at is null or last_used_at < now() - interval '1 minute')
          returning id
        ),
        counted as (${countAttemptSql(sql`'token:' || found.id`, limit, sql`found`)})
        select found.id, found.user_id, found.email, found.profile_id, found.scopes, found.event,
               coalesce(${platformBanned(sql`found.profile_id`)}, false) as banned, counted.hits, counted.reset_at
        from found, counted`,
  );
  if (!row) return null;
  return {
    tokenId: row.id,
    userId: row.user_id,
    email: row.email,
    profileId: row.profile_id,
    scopes: row.scopes as TokenScope[],
    eventSlug: row.event?.slug ?? null,
    banned: row.banned,
    hits: row.hits,
    resetAt: new Date(row.reset_at),
  };
}

/** Revokes every token of the person (a completed password reset: whoever held the account before may have made some). */
export async function deleteTokensOf(db: Db, userId: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}
