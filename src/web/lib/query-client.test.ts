import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { retryDelay, shouldRetry } from './query-client';

describe('reads asked again', () => {
  it('asks again twice after a busy server or a lost connection, never after a client error', () => {
    const busy = new ApiRequestError(503, 'The server is busy', {}, 2);
    expect([0, 1, 2].map((n) => shouldRetry(n, busy))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiRequestError(0, 'Cannot reach the server.'))).toBe(true);
    expect(shouldRetry(0, new ApiRequestError(404, 'Team not found'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(403, 'Forbidden'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(429, 'Too many requests', {}, 5))).toBe(true);
  });

  it("waits as long as the server's Retry-After says, else backs off", () => {
    expect(retryDelay(0, new ApiRequestError(503, 'busy', {}, 3))).toBe(3000);
    expect(retryDelay(1, new ApiRequestError(503, 'busy', {}, 600))).toBe(30_000);
    expect(retryDelay(0, new ApiRequestError(503, 'busy'))).toBe(1000);
    expect(retryDelay(1, new Error('network'))).toBe(2000);
  });
});
