import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('environment', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_DATA: 'on' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and DEMO_DATA', () => {
    const env = parseEnv({ PORT: '8080', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', DEMO_DATA: 'off' });
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', DEMO_DATA: 'off' });
  });

  it('reads the password hashing limits, left to the server when unset', () => {
    expect(parseEnv({ HASH_CONCURRENCY: '3', HASH_QUEUE: '0' })).toMatchObject({ HASH_CONCURRENCY: 3, HASH_QUEUE: 0 });
    const env = parseEnv({});
    expect(env.HASH_CONCURRENCY).toBeUndefined();
    expect(env.HASH_QUEUE).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ HASH_CONCURRENCY: '0' }, 'HASH_CONCURRENCY'],
    [{ HASH_CONCURRENCY: 'two' }, 'HASH_CONCURRENCY'],
    [{ HASH_QUEUE: '-1' }, 'HASH_QUEUE'],
    [{ HASH_QUEUE: '2.5' }, 'HASH_QUEUE'],
  ])('stops on a bad value and names it: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: `));
  });
});
