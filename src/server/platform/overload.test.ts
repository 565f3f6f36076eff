/**
 * The shedding decision (overload.ts), on a clock and a loop delay the test sets: a request is
 * let in while nothing waits long, and turned away (the verdict says why) once the in-flight
 * limit is reached, the event loop is late, or a queue stands in the app.
 */
import { describe, expect, it, vi } from 'vitest';
import { createShedder, processLoopDelay, reportShedding, verdict, type Limits } from './overload';

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
  const shedder = createShedder({
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

  it('sheds on a standing queue: the quickest answer of the last interval waited over the limit, and it stops when answers are quick again', () => {
    const s = shedderAt();
    // Ten requests go in together and are answered 300 to 390 ms later: even the quickest waited 300 ms.
    const leaves = Array.from({ length: 10 }, () => s.admit());
    s.advance(300);
    for (const leave of leaves.slice(0, 5)) {
      leave();
      s.advance(10);
    }
    // Still in the interval those answers came in: it is not over yet, so it does not count.
    const more = Array.from({ length: 5 }, () => s.admit());
    s.advance(100);
    expect(s.shedder.load().queuedMs).toBe(300);
    expect(s.shedder.admit().verdict).toBe('queue');
    // The queue drains: the last five were answered 100 ms after they came in, under the limit.
    for (const leave of [...leaves.slice(5), ...more]) leave();
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
    expect(s.shedder.load().queuedMs).toBe(10);
    expect(s.shedder.admit().verdict).toBe('in');
  });

  it('forgets an old queue once an interval passed without answers', () => {
    const s = shedderAt({ minQueue: 0 });
    const leaves = Array.from({ length: 3 }, () => s.admit());
    s.advance(500);
    for (const leave of leaves) leave();
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
  it('is still seen by the requests read just after a long turn, until the loop runs on time again', async () => {
    const delay = processLoopDelay();
    await new Promise((r) => setTimeout(r, 50));
    // A long turn (PGlite answering a batch on this thread) ...
    const until = performance.now() + 300;
    while (performance.now() < until);
    // ... then the timers run (the 10 ms tick first, being due first), then what was waiting.
    await new Promise((r) => setTimeout(r, 0));
    expect(delay()).toBeGreaterThan(250);
    await vi.waitFor(() => expect(delay()).toBeLessThan(100), { timeout: 2000, interval: 20 });
  });
});
