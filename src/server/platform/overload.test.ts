/**
 * The shedding decision (overload.ts), on a clock and a loop delay the test sets: a request is
 * let in while nothing waits long, and turned away (the verdict says why) once the in-flight
 * limit is reached, the event loop is late, or a queue stands in the app.
 */
import { describe, expect, it, vi } from 'vitest';
import { createShedder, knownLongTurns, loopLateness, processLoopDelay, reportShedding, verdict, type Limits } from './overload';

const limits: Limits = { maxInFlight: 100, maxWaitMs: 250, minQueue: 8 };

describe('the shedding decision', () => {
  it('lets a request in at normal load', () => {
    expect(verdict({ inFlight: 3, loopDelayMs: 4, queuedMs: 20 }, limits)).toBe('in');
    // A slow request or two is no queue: fewer than minQueue in progress.
    expect(verdict({ inFlight: 7, loopDelayMs: 0, queuedMs: 900 }, limits)).toBe('in');
  });

  it('turns a request away when the in-flight limit is reached, whatever the waits', () => {
    expect(verdict({ inFlight: 100, loopDelayMs: 0, queuedMs: 0 }, limits)).toBe('full');
  });

  it('turns a request away while the event loop is later than the limit', () => {
    expect(verdict({ inFlight: 0, loopDelayMs: 251, queuedMs: 0 }, limits)).toBe('loop');
    expect(verdict({ inFlight: 0, loopDelayMs: 250, queuedMs: 0 }, limits)).toBe('in');
  });

  it('turns a request away while a queue stands: enough in progress, and even the quickest answer waited too long', () => {
    expect(verdict({ inFlight: 8, loopDelayMs: 0, queuedMs: 251 }, limits)).toBe('queue');
  });

  it('sheds by count only when waits are off (0)', () => {
    const off = { ...limits, maxWaitMs: 0 };
    expect(verdict({ inFlight: 50, loopDelayMs: 5_000, queuedMs: 5_000 }, off)).toBe('in');
    expect(verdict({ inFlight: 100, loopDelayMs: 0, queuedMs: 0 }, off)).toBe('full');
  });
});

/** A shedder on a clock the test moves. */
function shedderAt(opts: { maxInFlight?: number; maxWaitMs?: number; minQueue?: number } = {}) {
  let t = 1_000;
  let loop = 0;
  const longTurns = knownLongTurns(() => t);
  const shedder = createShedder({
    loopExcused: longTurns.excused,
    maxInFlight: opts.maxInFlight ?? 100,
    maxWaitMs: opts.maxWaitMs ?? 250,
    minQueue: opts.minQueue ?? 2,
    intervalMs: 100,
    now: () => t,
    loopDelayMs: () => loop,
  });
  const admit = () => {
    const a = shedder.admit();
    if (a.verdict !== 'in') throw new Error(`turned away: ${a.verdict}`);
    return a.leave;
  };
  return {
    shedder,
    admit,
    advance: (ms: number) => (t += ms),
    setLoop: (ms: number) => (loop = ms),
    longTurns,
  };
}

describe('the shedder', () => {
  it('counts requests in and out, and a request let out twice counts once', () => {
    const s = shedderAt({ maxInFlight: 2 });
    const a = s.admit();
    s.admit();
    expect(s.shedder.admit().verdict).toBe('full');
    a();
    a();
    expect(s.shedder.load().inFlight).toBe(1);
    expect(s.shedder.admit().verdict).toBe('in');
  });

  it('turns requests away while the loop is late, and lets them in again once it catches up', () => {
    const s = shedderAt();
    s.setLoop(400);
    expect(s.shedder.admit().verdict).toBe('loop');
    s.setLoop(30);
    expect(s.shedder.admit().verdict).toBe('in');
  });

  it('lets requests in while a backup holds the loop, and for a second after; then a late loop counts again', async () => {
    const s = shedderAt();
    let finish = () => {};
    const backup = s.longTurns.during(() => new Promise<void>((resolve) => (finish = resolve)));
    s.setLoop(2_000);
    expect(s.shedder.admit().verdict).toBe('in');
    finish();
    await backup;
    s.advance(900);
    expect(s.shedder.admit().verdict).toBe('in');
    s.advance(200);
    expect(s.shedder.admit().verdict).toBe('loop');
    // A backup that fails is over too.
    await expect(s.longTurns.during(() => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(s.shedder.admit().verdict).toBe('in');
    s.advance(1_100);
    expect(s.shedder.admit().verdict).toBe('loop');
  });

  it('sheds on a standing queue: the quickest answers of two intervals in a row waited over the limit, and it stops when answers are quick again', () => {
    const s = shedderAt();
    // Twenty requests go in together and are answered 300 ms and more later.
    const leaves = Array.from({ length: 20 }, () => s.admit());
    s.advance(300);
    for (const leave of leaves.slice(0, 10)) {
      leave();
      s.advance(10);
    }
    // One interval of slow answers: a pause (a garbage collection, a slow moment of the database) looks like this too.
    expect(s.shedder.load().queuedMs).toBe(0);
    const more = [s.admit()];
    for (const leave of leaves.slice(10, 15)) {
      leave();
      s.advance(10);
    }
    more.push(...Array.from({ length: 4 }, () => s.admit()));
    s.advance(100);
    // The second: even the quickest waited 300 ms in the one and 400 ms in the other.
    expect(s.shedder.load().queuedMs).toBe(300);
    expect(s.shedder.admit().verdict).toBe('queue');
    // The queue drains: the last five came in 100 ms before they were answered, under the limit.
    for (const leave of [...leaves.slice(15), ...more]) leave();
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBe(100);
    expect(s.shedder.admit().verdict).toBe('in');
  });

  it('does not shed for one slow request among quick ones: the quickest answer counts', () => {
    const s = shedderAt();
    const slow = s.admit();
    s.advance(550);
    const others = Array.from({ length: 5 }, () => s.admit());
    s.advance(10);
    for (const leave of others) leave();
    s.advance(40);
    slow();
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBeLessThanOrEqual(10);
    expect(s.shedder.admit().verdict).toBe('in');
  });

  it('forgets an old queue once an interval passed without answers', () => {
    const s = shedderAt({ minQueue: 0 });
    const leaves = Array.from({ length: 6 }, () => s.admit());
    s.advance(500);
    for (const leave of leaves.slice(0, 3)) leave();
    s.advance(100);
    for (const leave of leaves.slice(3)) leave();
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBe(500);
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBe(0);
  });

  it('does not take the time of a request waiting in a queue of its own (a password hash) for a queue here', () => {
    const s = shedderAt();
    // Ten sign-ins wait for their hash for seconds, while pages are answered in 5 ms.
    const hashing = Array.from({ length: 10 }, () => {
      const a = s.shedder.admit({ timed: false });
      if (a.verdict !== 'in') throw new Error(a.verdict);
      return a.leave;
    });
    const page = s.admit();
    s.advance(5);
    page();
    s.advance(3_000);
    for (const leave of hashing) leave();
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBe(0);
    expect(s.shedder.admit().verdict).toBe('in');
  });
});

describe('what is said about requests turned away', () => {
  it('counts each in the metrics and writes one warning per 10 s with how many and why, not a line each', () => {
    let t = 0;
    const warnings: unknown[] = [];
    const observed: unknown[][] = [];
    const log = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Parameters<typeof reportShedding>[0];
    const metrics = { observe: (...args: unknown[]) => observed.push(args) } as unknown as Parameters<typeof reportShedding>[1];
    const report = reportShedding(log, metrics, () => t);
    for (let i = 0; i < 30; i++) {
      report(i % 3 === 0 ? 'queue' : 'loop', 'GET');
      t += 100;
    }
    expect(observed).toHaveLength(30);
    expect(observed[0]).toEqual(['GET', '(shed)', 503, 0]);
    expect(warnings).toEqual([]);
    t = 10_000;
    report('full', 'POST');
    expect(warnings).toEqual([{ shed: { queue: 10, loop: 20, full: 1 }, seconds: 10 }]);
  });
});

describe("the event loop's delay", () => {
  /** A clock that moves only when told, and the lateness it measures with a 10 ms tick. */
  function clocked() {
    let t = 0;
    const lateness = loopLateness(() => t, 10);
    /** The loop runs `ms` without a tick (a long turn), then the tick runs. */
    const turn = (ms: number) => {
      t += ms;
      lateness.tick();
    };
    return { lateness, turn, pass: (ms: number) => void (t += ms) };
  }

  it('counts the loop late once it was late at two ticks in a row: overload makes every turn long', () => {
    const { lateness, turn, pass } = clocked();
    turn(10);
    turn(310);
    turn(310);
    // The requests read just after the second long turn have waited about as long.
    expect(lateness.delay()).toBe(300);
    // And in the middle of a third turn, still (the last tick's lateness is kept until one is on time).
    pass(100);
    expect(lateness.delay()).toBe(300);
  });

  it('does not count one long pause alone (a garbage collection, the process not scheduled for a moment)', () => {
    const { lateness, turn } = clocked();
    turn(10);
    turn(310);
    expect(lateness.delay()).toBe(0);
    turn(10);
    expect(lateness.delay()).toBe(0);
    // Another, over a second after the first: alone again.
    for (let i = 0; i < 100; i++) turn(10);
    turn(310);
    expect(lateness.delay()).toBe(0);
  });

  it('counts a long turn at once when another was in the last second: a short turn of 503s between two long ones does not start the count again', () => {
    const { lateness, turn } = clocked();
    turn(10);
    turn(310);
    turn(310);
    expect(lateness.delay()).toBe(300);
    turn(10);
    expect(lateness.delay()).toBe(0);
    turn(410);
    expect(lateness.delay()).toBe(300);
  });

  it('as it is now (PGlite: one long turn is a queue): this turn so far, or the last tick, the longer', () => {
    const { lateness, turn, pass } = clocked();
    turn(10);
    pass(300);
    expect(lateness.latest()).toBe(290);
    turn(5);
    expect(lateness.latest()).toBe(295);
    turn(10);
    expect(lateness.latest()).toBe(0);
  });

  it('is on time again as soon as a tick is', () => {
    const { lateness, turn } = clocked();
    turn(410);
    turn(410);
    expect(lateness.delay()).toBe(400);
    turn(10);
    expect(lateness.delay()).toBe(0);
  });

  it("the process's own is ticked by a timer: two long turns in a row are seen by the requests read after them", async () => {
    const delay = processLoopDelay();
    await new Promise((r) => setTimeout(r, 50));
    // Two long turns (PGlite answering batches on this thread), the timers running between them
    // (the 10 ms tick first, being due first).
    for (let i = 0; i < 2; i++) {
      const until = performance.now() + 300;
      while (performance.now() < until);
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(delay()).toBeGreaterThan(250);
    await vi.waitFor(() => expect(delay()).toBeLessThan(100), { timeout: 2000, interval: 20 });
  });
});
