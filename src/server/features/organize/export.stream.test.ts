/**
 * The CSV export is pulled by its reader (issue 31: streamed, constant memory): the database is read
 * one batch ahead of what the client has taken, so a slow client stops the reading, and a client
 * that goes away stops it for good. A stand-in database counts the batches asked for.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { csvStream } from './export';
import { COLUMNS, exportRows } from './export.repo';

const TOTAL = 20_000;
const BATCH = 1000;

/** A database answering every batch query with the next 1,000 registrants, counting the queries. */
function countingDb() {
  const state = { queries: 0, served: 0 };
  const db = {
    execute: async () => {
      state.queries += 1;
      const rows = Array.from({ length: Math.min(BATCH, TOTAL - state.served) }, (_, i) => {
        const n = state.served + i;
        return {
          key: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          name: `Person ${n}`,
          email: `p${n}@example.com`,
          registered: '2026-11-01T10:00:00.000Z',
          looking: true,
          availability: 'Full Time',
          timezone: null,
          skill_badges: [{ name: 'React', level: 'Advanced' }],
          teams: null,
          roles: null,
        };
      });
      state.served += rows.length;
      return { rows };
    },
  } as unknown as Db;
  return { db, state };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the export is pulled by its reader', () => {
  it('reads the database no further than one batch ahead of what the client has taken', async () => {
    const { db, state } = countingDb();
    let count = -1;
    const stream = csvStream(
      COLUMNS.registrants,
      exportRows(db, 'event', 'registrants', { skills: [], looking: false }, 'https://x'),
      (n) => {
        count = n;
      },
    );
    const reader = stream.getReader();
    await settle();
    // Nothing taken yet: at most the first batch (the stream asks for one chunk ahead) and the one after it.
    expect(state.queries).toBeLessThanOrEqual(2);

    let taken = 0;
    for (let chunk = 0; chunk < 6; chunk++) {
      const { value } = await reader.read();
      taken += new TextDecoder().decode(value).split('\r\n').length - 1;
    }
    await settle();
    // A slow client: about 2,500 rows taken (the header, then 500 a chunk), at most two batches beyond that read.
    const queriesWhileSlow = state.queries;
    expect(queriesWhileSlow).toBeLessThanOrEqual(Math.ceil(taken / BATCH) + 2);
    await settle();
    expect(state.queries).toBe(queriesWhileSlow);

    for (;;) if ((await reader.read()).done) break;
    expect(count).toBe(TOTAL);
    expect(state.queries).toBe(TOTAL / BATCH + 1);
  });

  it('a client that goes away stops the reading', async () => {
    const { db, state } = countingDb();
    const stream = csvStream(
      COLUMNS.registrants,
      exportRows(db, 'event', 'registrants', { skills: [], looking: false }, 'https://x'),
      () => {},
    );
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const after = state.queries;
    await settle();
    expect(state.queries).toBe(after);
    expect(state.queries).toBeLessThanOrEqual(2);
  });
});
