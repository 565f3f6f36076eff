/**
 * The browser's side of the live stream: a refused stream (429 when the account has streams open in
 * too many browsers, 401, 503) is tried again after a growing pause instead of every few seconds,
 * and a stream whose session ended says so and is not reopened at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStream, type StreamMessage } from './event-stream';

/** Stands in for the browser's EventSource: the test opens, refuses and ends connections. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, ((e: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  dispatch(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** The server answered with an error status: the browser gives up on this one. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatch('error');
  }
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('ready', '{}');
  }
}

/** The seconds between each connection attempt and the next. */
async function pausesBetweenRefusals(refusals: number): Promise<number[]> {
  const pauses: number[] = [];
  for (let i = 0; i < refusals; i++) {
    const before = FakeEventSource.all.length;
    FakeEventSource.all.at(-1)!.refuse();
    const started = Date.now();
    while (FakeEventSource.all.length === before) await vi.advanceTimersByTimeAsync(100);
    pauses.push(Math.round((Date.now() - started) / 1000));
  }
  return pauses;
}

let messages: StreamMessage[];
let close: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  // No jitter: the middle of its range.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.all = [];
  messages = [];
  close = openStream((m) => messages.push(m), false);
});
afterEach(() => {
  close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('openStream', () => {
  it('waits twice as long after each refusal in a row, up to five minutes', async () => {
    expect(FakeEventSource.all).toHaveLength(1);
    expect(await pausesBetweenRefusals(8)).toEqual([5, 10, 20, 40, 80, 160, 300, 300]);
  });

  it('starts counting again once a stream opens', async () => {
    expect(await pausesBetweenRefusals(3)).toEqual([5, 10, 20]);
    FakeEventSource.all.at(-1)!.accept();
    expect(await pausesBetweenRefusals(2)).toEqual([5, 10]);
  });

  it('a dropped connection is left to the browser to resume (no new EventSource)', async () => {
    const source = FakeEventSource.all[0];
    source.accept();
    source.dispatch('error'); // readyState stays CONNECTING: the browser reconnects itself
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('a stream whose session ended says so, closes, and is opened again only after a pause', async () => {
    const source = FakeEventSource.all[0];
    source.accept();
    source.dispatch('session-ended', '{}');
    expect(messages).toEqual([{ type: 'session-ended' }]);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('closing stops the tries', async () => {
    FakeEventSource.all[0].refuse();
    close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
