/**
 * A list as a CSV file (docs/product.md#the-organizers-desk), streamed: csv-stringify quotes what
 * needs quoting (commas, quotes, line breaks), prefixes a field starting with = + - @ with ' so a
 * spreadsheet keeps it as text (`escape_formulas`), and starts with a byte order mark so spreadsheets
 * read UTF-8. The rows come batch by batch, and the next batch is read only when the client has taken
 * the last (backpressure), so memory stays constant.
 */
import { stringify } from 'csv-stringify/sync';

/** Rows per chunk written: one chunk per row would cost a write (and a syscall) per row. */
const ROWS_PER_CHUNK = 500;

export function csvStream(
  header: string[],
  rows: AsyncIterable<(string | number | null)[]>,
  onEnd: (count: number) => void,
): ReadableStream<Uint8Array> {
  const options = { escape_formulas: true, record_delimiter: 'windows' } as const;
  async function* chunks(): AsyncGenerator<string> {
    let count = 0;
    let pending: (string | number | null)[][] = [];
    yield `\ufeff${stringify([header], options)}`;
    for await (const row of rows) {
      count += 1;
      pending.push(row);
      if (pending.length === ROWS_PER_CHUNK) {
        yield stringify(pending, options);
        pending = [];
      }
    }
    if (pending.length) yield stringify(pending, options);
    onEnd(count);
  }
  const source = chunks();
  const encoder = new TextEncoder();
  // Pulled: the next rows are read only when the client has taken the last chunk (backpressure).
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
