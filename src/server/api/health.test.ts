/**
 * Liveness and readiness: /api/health answers while the process runs, without the database;
 * /api/ready answers 200 only when the database answers and every migration is applied.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const expectNotReady = (res: { status: number; body: any; headers: Headers }, error: RegExp) => {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ error: expect.stringMatching(error), code: 'unavailable' });
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect(res.headers.get('cache-control')).toBe('no-store');
};

describe('GET /api/ready', () => {
  it('is ready on a migrated database', async () => {
    const res = await h.api('GET /api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('is not ready while the latest migration is not applied', async () => {
    const [latest] = await h.db
      .execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)
      .then((r: any) => r.rows ?? r);
    await h.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest.id}`);
    try {
      expectNotReady(await h.api('GET /api/ready'), /migrations/);
    } finally {
      await h.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at})`,
      );
    }
    expect((await h.api('GET /api/ready')).status).toBe(200);
  });

  it('is not ready when the database is closed, while /api/health still answers', async () => {
    await h.closeDatabase();
    expectNotReady(await h.api('GET /api/ready'), /database/);
    const health = await h.api('GET /api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: h.kind });
  });
});
