/**
 * The app's one TanStack Query client. Reads that fail for a reason asking again can fix (the
 * server busy or leaving, the network) are asked twice more; a busy server's `Retry-After` sets
 * the wait, so a crowd shed at kickoff comes back when the server said, not all at once.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

const MAX_RETRIES = 2;

export function shouldRetry(failures: number, err: unknown): boolean {
  // Client errors (404, 403) will not change by asking again; a 429 says when it will.
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 429) return false;
  return failures < MAX_RETRIES;
}

export function retryDelay(failures: number, err: unknown): number {
  const backoff = Math.min(1000 * 2 ** failures, 30_000);
  if (err instanceof ApiRequestError && err.retryAfter) return Math.min(err.retryAfter * 1000, 30_000);
  return backoff;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
    },
  });
}
