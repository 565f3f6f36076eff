import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('environment', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_DATA: 'on' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns demo data off by default with DATABASE_URL or NODE_ENV=production; DEMO_DATA=on still forces it', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db' }).DEMO_DATA).toBe('off');
    expect(parseEnv({ NODE_ENV: 'production' }).DEMO_DATA).toBe('off');
    expect(parseEnv({ NODE_ENV: 'development', DEMO_DATA: '' }).DEMO_DATA).toBe('on');
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h:5432/db', DEMO_DATA: 'on' }).DEMO_DATA).toBe('on');
    expect(parseEnv({ NODE_ENV: 'production', DEMO_DATA: 'on' }).DEMO_DATA).toBe('on');
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

  it('reads how long requests may wait before new ones are turned away, left to the server when unset', () => {
    expect(parseEnv({}).MAX_QUEUE_WAIT_MS).toBeUndefined();
    expect(parseEnv({ MAX_QUEUE_WAIT_MS: '400' }).MAX_QUEUE_WAIT_MS).toBe(400);
    expect(parseEnv({ MAX_QUEUE_WAIT_MS: '0' }).MAX_QUEUE_WAIT_MS).toBe(0);
  });

  it('runs password hashes at the lowest priority unless HASH_NICE says otherwise', () => {
    expect(parseEnv({}).HASH_NICE).toBe(19);
    expect(parseEnv({ HASH_NICE: '0' }).HASH_NICE).toBe(0);
  });

  it.each([
    [{ MAX_QUEUE_WAIT_MS: 'soon' }, 'MAX_QUEUE_WAIT_MS'],
    [{ HASH_NICE: '20' }, 'HASH_NICE'],
    [{ HASH_NICE: '-5' }, 'HASH_NICE'],
    [{ MAX_QUEUE_WAIT_MS: '-1' }, 'MAX_QUEUE_WAIT_MS'],
    [{ MAX_QUEUE_WAIT_MS: '0.5' }, 'MAX_QUEUE_WAIT_MS'],
    [{ MAX_QUEUE_WAIT_MS: '600000' }, 'MAX_QUEUE_WAIT_MS'],
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

describe('logs and metrics settings', () => {
  it('logs at info by default and reads LOG_LEVEL; no metrics server unless METRICS_PORT is set', () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('info');
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      expect(parseEnv({ LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    expect(parseEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
  });

  it.each([
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL', /must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ LOG_LEVEL: 'INFO' }, 'LOG_LEVEL', /must be one of/],
    [{ METRICS_PORT: 'abc' }, 'METRICS_PORT', /must be a number/],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT', /must be 1-65535/],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT', /must differ from PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT', /must differ from PORT/],
  ])('stops on a bad value with a clear message: %o', (source, name, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: ${message.source}`));
  });
});

describe('accounts settings (docs/decisions/013-accounts.md)', () => {
  it("has no provider and no SMTP by default, and the providers' real addresses", () => {
    const env = parseEnv({});
    expect(env.GITHUB_CLIENT_ID).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env).toMatchObject({
      GITHUB_URL: 'https://github.com',
      GITHUB_API_URL: 'https://api.github.com',
      DISCORD_API_URL: 'https://discord.com/api',
    });
  });

  it('reads the provider pairs, SMTP and PUBLIC_URL (without a trailing slash)', () => {
    const env = parseEnv({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      DISCORD_CLIENT_ID: 'd',
      DISCORD_CLIENT_SECRET: 's',
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
      MAIL_FROM: 'HackTeams <teams@example.org>',
      PUBLIC_URL: 'https://teams.example.org/',
      GITHUB_URL: 'https://ghe.example.org',
      GITHUB_API_URL: 'https://ghe.example.org/api/v3',
    });
    expect(env).toMatchObject({
      GITHUB_CLIENT_ID: 'id',
      DISCORD_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://teams.example.org',
      GITHUB_API_URL: 'https://ghe.example.org/api/v3',
    });
  });

  it.each([
    [{ GITHUB_CLIENT_ID: 'id' }, 'GITHUB_CLIENT_SECRET'],
    [{ DISCORD_CLIENT_SECRET: 's' }, 'DISCORD_CLIENT_SECRET'],
    [{ SMTP_URL: 'smtp://mail.example.org', PUBLIC_URL: 'https://teams.example.org' }, 'MAIL_FROM'],
    [{ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'a@example.org' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'a@example.org', PUBLIC_URL: 'https://t.example.org' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'teams.example.org' }, 'PUBLIC_URL'],
    [{ GITHUB_URL: 'ftp://github.com' }, 'GITHUB_URL'],
  ])('stops on a bad or incomplete setting and names it: %o', (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: `));
  });

  it('never quotes a secret or an SMTP password in its message', () => {
    expect(() => parseEnv({ GITHUB_CLIENT_SECRET: 'top-secret-value' })).toThrow(/GITHUB_CLIENT_SECRET: .*\(got \(hidden\)\)/);
    expect(() => parseEnv({ SMTP_URL: 'http://user:hunter2@x' })).not.toThrow(/hunter2/);
  });
});

describe('connections and shutdown settings', () => {
  it('caps direct connections at 10,000 per address by default, and drains for 5 s after SIGTERM', () => {
    const env = parseEnv({});
    expect(env.MAX_CONNECTIONS_PER_ADDRESS).toBe(10_000);
    expect(env.SHUTDOWN_GRACE_MS).toBe(5_000);
    expect(parseEnv({ MAX_CONNECTIONS_PER_ADDRESS: '0', SHUTDOWN_GRACE_MS: '0' })).toMatchObject({
      MAX_CONNECTIONS_PER_ADDRESS: 0,
      SHUTDOWN_GRACE_MS: 0,
    });
    expect(parseEnv({ SHUTDOWN_GRACE_MS: '30000' }).SHUTDOWN_GRACE_MS).toBe(30_000);
  });

  it.each([
    [{ SHUTDOWN_GRACE_MS: 'soon' }, /SHUTDOWN_GRACE_MS: must be a number \(got "soon"\)/],
    [{ SHUTDOWN_GRACE_MS: '-1' }, /SHUTDOWN_GRACE_MS: must be 0 or more/],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, /SHUTDOWN_GRACE_MS: must be a whole number/],
    [{ SHUTDOWN_GRACE_MS: '3600000' }, /SHUTDOWN_GRACE_MS: must be at most 600000/],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-5' }, /MAX_CONNECTIONS_PER_ADDRESS: must be 0 or more/],
  ])('stops on a bad value and says what is wrong: %o', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});
