import { describe, expect, it } from 'vitest';
import { createHashLimiter, defaultHashConcurrency, HashingBusy, MAX_RETRY_AFTER, QUEUE_PER_SLOT } from './hash-limiter';

/** A task that runs until `release()` is called. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release };
}

describe('hash limiter', () => {
  it('leaves a core free by default, and one slot on one core', () => {
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
    const limiter = createHashLimiter();
    expect(limiter.concurrency).toBe(defaultHashConcurrency());
    expect(limiter.queue).toBe(QUEUE_PER_SLOT * limiter.concurrency);
  });

  it('runs at most `concurrency` tasks, queues up to `queue` more in order, and refuses the rest at once', async () => {
    const limiter = createHashLimiter({ concurrency: 2, queue: 2 });
    const order: number[] = [];
    const tasks = [held(), held(), held(), held()];
    const runs = tasks.map((t, i) =>
      limiter.run(async () => {
        order.push(i);
        await t.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(limiter.load()).toEqual({ admitted: 0, running: 2, waiting: 2 });
    expect(order).toEqual([0, 1]);

    const refused = await limiter.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HashingBusy);
    expect((refused as HashingBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    tasks[1].release();
    expect(await runs[1]).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.load()).toEqual({ admitted: 0, running: 2, waiting: 1 });
    for (const t of tasks) t.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(limiter.load()).toEqual({ admitted: 0, running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 0 });
    await expect(
      limiter.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(limiter.load()).toEqual({ admitted: 0, running: 0, waiting: 0 });
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });

  it('admits at most concurrency + queue requests at once; letting one out twice counts once', () => {
    const limiter = createHashLimiter({ concurrency: 2, queue: 1 });
    const leaves = [limiter.admit(), limiter.admit(), limiter.admit()];
    expect(limiter.load().admitted).toBe(3);
    expect(() => limiter.admit()).toThrow(HashingBusy);
    leaves[0]();
    leaves[0]();
    expect(limiter.load().admitted).toBe(2);
    const again = limiter.admit();
    expect(() => limiter.admit()).toThrow(HashingBusy);
    for (const leave of [again, ...leaves]) leave();
    expect(limiter.load()).toEqual({ admitted: 0, running: 0, waiting: 0 });
  });

  it("spreads the ones it turns away: each is told to come back a request's worth of time after the one before", () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 1 });
    const leaves = [limiter.admit(), limiter.admit()];
    const retryAfter = () => {
      try {
        limiter.admit();
      } catch (err) {
        return (err as HashingBusy).retryAfterSeconds;
      }
      throw new Error('admitted');
    };
    const told = Array.from({ length: 400 }, retryAfter);
    expect(told[0]).toBe(1);
    // Never earlier than the one before, and spread out: 400 people are not all sent back after a second.
    expect(told.every((s, i) => i === 0 || s >= told[i - 1])).toBe(true);
    expect(told.at(-1)).toBeGreaterThanOrEqual(10);
    // Never more than a minute.
    expect(Array.from({ length: 5000 }, retryAfter).at(-1)).toBe(MAX_RETRY_AFTER);
    for (const leave of leaves) leave();
  });

  it('while the server is busy, lets in at most `busyRate` a second, and everyone when it is not', () => {
    let t = 0;
    let busy = true;
    const limiter = createHashLimiter({ concurrency: 1, queue: 100, busyRate: 10, busy: () => busy, now: () => t });
    const admitAll = (n: number) => {
      let letIn = 0;
      const told: number[] = [];
      for (let i = 0; i < n; i++) {
        try {
          limiter.admit()();
          letIn++;
        } catch (err) {
          told.push((err as HashingBusy).retryAfterSeconds);
        }
      }
      return { letIn, told };
    };
    // A second's worth at once, then one every 100 ms.
    expect(admitAll(30).letIn).toBe(10);
    t += 100;
    expect(admitAll(5).letIn).toBe(1);
    t += 1000;
    const second = admitAll(40);
    expect(second.letIn).toBe(10);
    // The ones turned away are told to come back at the pace, later and later.
    expect(second.told.length).toBe(30);
    expect(second.told.every((s, i) => i === 0 || s >= second.told[i - 1])).toBe(true);
    expect(second.told.at(-1)).toBeGreaterThanOrEqual(3);
    // Not busy: no pace.
    busy = false;
    expect(admitAll(200).letIn).toBe(200);
  });

  it('does not pace with a busy rate of 0', () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 10, busyRate: 0, busy: () => true, now: () => 0 });
    for (let i = 0; i < 100; i++) limiter.admit()();
    expect(limiter.load().admitted).toBe(0);
  });

  it('refuses limits that make no sense', () => {
    expect(() => createHashLimiter({ concurrency: 0 })).toThrow(RangeError);
    expect(() => createHashLimiter({ concurrency: 1.5 })).toThrow(RangeError);
    expect(() => createHashLimiter({ queue: -1 })).toThrow(RangeError);
    expect(() => createHashLimiter({ busyRate: -1 })).toThrow(RangeError);
  });
});
