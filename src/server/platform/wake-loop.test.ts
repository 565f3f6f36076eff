/**
 * batchLoop (wake-loop.ts): batches one after the other under the `exclusive` lock, and a turn of
 * the event loop between them, so that on the embedded database, which answers in microtasks alone,
 * requests that arrive while a long job runs are read and answered between its batches.
 */
import { describe, expect, it } from 'vitest';
import { batchLoop } from './wake-loop';
import { silentLogger } from './log';

/** `exclusive` within one test: a second holder is refused. */
function lock() {
  let held = false;
  return async (_name: string, work: () => Promise<void>) => {
    if (held) return false;
    held = true;
    try {
      await work();
      return true;
    } finally {
      held = false;
    }
  };
}

const loopOf = (step: () => Promise<'more' | 'idle' | 'failed'>, exclusive = lock()) =>
  batchLoop({ channel: 'test', pollMs: 60_000, log: silentLogger, failure: 'failed', lock: 'test', exclusive, step });

describe('batchLoop', () => {
  it('takes batches until the step says idle, and at most as many as asked', async () => {
    let left = 5;
    const steps: number[] = [];
    const step = async () => {
      if (left === 0) return 'idle' as const;
      steps.push(left--);
      return 'more' as const;
    };
    expect(await loopOf(step).drain({ batches: 2 })).toBe(true);
    expect(steps).toEqual([5, 4]);
    expect(await loopOf(step).drain()).toBe(true);
    expect(steps).toEqual([5, 4, 3, 2, 1]);
  });

  it('lets what arrived meanwhile run between batches, though each batch finishes in microtasks alone', async () => {
    const order: string[] = [];
    let batches = 0;
    const step = async () => {
      if (batches === 3) return 'idle' as const;
      order.push(`batch ${++batches}`);
      return 'more' as const;
    };
    // Work that arrives as I/O would (a request read from its socket): it waits for a turn of the event loop.
    setImmediate(() => order.push('a request'));
    await loopOf(step).drain();
    expect(order).toEqual(['batch 1', 'a request', 'batch 2', 'batch 3']);
  });

  it('runs nothing while another holds the lock', async () => {
    const exclusive = lock();
    let release!: () => void;
    const holder = exclusive('test', () => new Promise<void>((resolve) => (release = resolve)));
    let ran = false;
    expect(
      await loopOf(async () => {
        ran = true;
        return 'idle';
      }, exclusive).drain(),
    ).toBe(false);
    expect(ran).toBe(false);
    release();
    await holder;
  });
});
