/**
 * The embedded database's statements, paced: in the order they are called, each caller getting its
 * own answer or error, and the event loop going round once they have held the thread for a slice,
 * so a connection that arrives meanwhile is accepted before the queue of statements is through.
 */
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createPacer } from './pace';

/** Holds the thread for `ms`, as a statement of the embedded database does. */
function hold(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('paced statements', () => {
  it('run one at a time in the order they were called; a failure reaches its own caller only', async () => {
    const pace = createPacer(10);
    const order: string[] = [];
    const work = (name: string, fail = false) =>
      pace(async () => {
        order.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(`${name} ends`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([work('a'), work('b', true), work('c')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: new Error('b failed') },
      { status: 'fulfilled', value: 'c' },
    ]);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('let a connection that arrives while 100 statements wait be accepted after the first few, not after the last', async () => {
    /** The index of the statement running when the server accepted the connection, with and without pacing. */
    async function acceptedDuring(pace: ReturnType<typeof createPacer>) {
      const server = createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      let started = 0;
      let acceptedAt = -1;
      server.on('connection', (socket) => {
        acceptedAt = started;
        socket.destroy();
      });
      // 100 statements of 2 ms are called at once, and a connection arrives (it waits in the kernel's queue).
      const statements = Promise.all(
        Array.from({ length: 100 }, () =>
          pace(async () => {
            started += 1;
            hold(2);
          }),
        ),
      );
      const client = connect((server.address() as { port: number }).port, '127.0.0.1');
      client.on('error', () => {});
      await statements;
      await new Promise((resolve) => setImmediate(resolve));
      client.destroy();
      server.close();
      return acceptedAt;
    }
    expect(await acceptedDuring(createPacer(10))).toBeLessThan(50);
    // Without pacing (a slice without end) the loop goes round only once all 100 have run.
    expect(await acceptedDuring(createPacer(Number.POSITIVE_INFINITY))).toBe(100);
  });
});
