/**
 * PGlite runs each statement on this thread, and Node's event loop accepts one new connection per
 * turn (libuv accepts once per wake-up since libuv/libuv#3696). Left alone, the statements of every
 * request read in one turn run back to back in that turn: under load a turn lasts as long as a few
 * hundred requests' statements, and a new visitor's connection waits in the kernel's queue through
 * turn after turn, unaccepted, where shedding cannot answer it (500 connections browsing: 4 new
 * connections accepted a second, clients waiting past 10 s; docs/decisions/037).
 *
 * `paceStatements` puts the embedded database's entry points (`query`, `exec`, `transaction`) in one
 * line, in the order they are called (PGlite runs one at a time anyway), and once the statements run
 * since the loop last went round have taken `sliceMs`, lets the loop go round (accepting, reading,
 * timers) before the next one. A statement that starts is never cut; a transaction is one entry.
 */
import type { PGlite } from '@electric-sql/pglite';
import { nextTurn } from '../platform/wake-loop';

/** How long statements may hold the thread before the loop goes round: about 100 accepts a second under load. */
export const SLICE_MS = 10;

export interface Pacer {
  /** Runs `work` in turn, after the loop has gone round if the statements before it used up the slice. */
  <T>(work: () => Promise<T>): Promise<T>;
}

/** A turn of the event loop with its poll phase: two `nextTurn`s, in case the first is this turn's own check phase. */
async function turnWithPoll(): Promise<void> {
  await nextTurn();
  await nextTurn();
}

export function createPacer(sliceMs = SLICE_MS): Pacer {
  let tail: Promise<unknown> = Promise.resolve();
  /** When the current slice began; a slice ends when the loop reaches its check phase (the setImmediate below). */
  let sliceStart = 0;
  let inSlice = false;
  const beginSlice = () => {
    if (inSlice) return;
    inSlice = true;
    sliceStart = performance.now();
    setImmediate(() => (inSlice = false));
  };
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      beginSlice();
      if (performance.now() - sliceStart >= sliceMs) {
        await turnWithPoll();
        beginSlice();
      }
      return work();
    });
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Routes `client`'s `query`, `exec` and `transaction` through one pacer (its `sql` calls `query`). */
export function paceStatements(client: PGlite, sliceMs = SLICE_MS): PGlite {
  const pace = createPacer(sliceMs);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => pace(() => query(...args))) as typeof client.query;
  client.exec = (...args) => pace(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) => pace(() => transaction(...args))) as typeof client.transaction;
  return client;
}
