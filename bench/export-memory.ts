/**
 * Issue 31's "streamed (constant memory)" export, measured as the JavaScript heap that stays live
 * while a registrants export streams: the same code as the route (exportRows -> csvStream) runs in
 * this process on the bench's database, its stream is read chunk by chunk, and every few chunks the
 * heap is measured after a full garbage collection (so what is counted is what the export retains,
 * not garbage the collector has not reached yet, which is what RSS mostly showed). Two exports of
 * very different sizes: if the export kept rows, the larger one's peak would grow with its rows.
 * (The server adds @hono/node-server, which writes the stream to the socket only after 'drain'.)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgliteExtensions, type Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { csvStream } from '../src/server/features/organize/export';
import { COLUMNS, exportRows } from '../src/server/features/organize/export.repo';
import type { ExplainTarget } from './explain';

export interface ExportMemory {
  rows: number;
  bytes: number;
  /** Live heap before the export, and its peak above that while it streamed (MB, after a full GC). */
  heapBeforeMb: number;
  heapPeakGrowthMb: number;
}

/** Chunks (of 500 rows) between two measurements: a full GC each time is slow. */
const SAMPLE_EVERY = 2;

function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function withDb<T>(target: ExplainTarget, work: (db: Db) => Promise<T>): Promise<T> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      return await work(drizzlePg(pool, { schema }) as unknown as Db);
    } finally {
      await pool.end();
    }
  }
  const client = await PGlite.create(target.dataDir, { extensions: pgliteExtensions });
  try {
    return await work(drizzlePglite(client, { schema }) as unknown as Db);
  } finally {
    await client.close();
  }
}

/** One registrants export of `eventId`, read to the end, with the heap sampled as it goes. */
export async function measureExport(db: Db, eventId: string, gc = collector()): Promise<ExportMemory> {
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = heap();
  let peak = before;
  let rows = 0;
  const stream = csvStream(
    COLUMNS.registrants,
    exportRows(db, eventId, 'registrants', { skills: [], looking: false }, 'https://bench.example'),
    (n) => (rows = n),
  );
  const reader = stream.getReader();
  let bytes = 0;
  for (let chunk = 1; ; chunk++) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (chunk % SAMPLE_EVERY === 0) peak = Math.max(peak, heap());
  }
  const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  return { rows, bytes, heapBeforeMb: mb(before), heapPeakGrowthMb: mb(Math.max(0, peak - before)) };
}

/** The large event's export and a small one's, on the bench database (the server stopped for PGlite). */
export async function measureExportMemory(target: ExplainTarget, largeEventId: string, smallEventId: string): Promise<ExportMemory[]> {
  return withDb(target, async (db) => {
    const gc = collector();
    // Once first, so code and connections are warm and not counted as the export's memory.
    await measureExport(db, smallEventId, gc);
    return [await measureExport(db, smallEventId, gc), await measureExport(db, largeEventId, gc)];
  });
}

export const exportMemoryLine = ([small, large]: ExportMemory[]) =>
  `export memory: heap peak +${large.heapPeakGrowthMb} MB at ${large.rows} rows (${(large.bytes / 2 ** 20).toFixed(1)} MB), ` +
  `+${small.heapPeakGrowthMb} MB at ${small.rows} rows (live heap after a full GC, sampled every ${SAMPLE_EVERY * 500} rows)`;
