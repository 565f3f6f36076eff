/**
 * A list as a CSV file (docs/product.md#the-organizers-desk), streamed: csv-stringify quotes what
 * needs quoting (commas, quotes, line breaks), prefixes a field starting with = + - @ with ' so a
 * spreadsheet keeps it as text (`escape_formulas`), and starts with a byte order mark so spreadsheets
 * read UTF-8. The rows come batch by batch, and the next batch is read only when the client has taken
 * the last (backpressure), so memory stays constant.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export function csvStream(
  header: string[],
  rows: AsyncIterable<(string | number | null)[]>,
  onEnd: (count: number) => void,
): ReadableStream<Uint8Array> {
  let count = 0;
  async function* counted() {
    for await (const row of rows) {
      count += 1;
      yield row;
    }
    onEnd(count);
  }
  const csv = Readable.from(counted()).pipe(
    stringify({ header: true, columns: header, bom: true, escape_formulas: true, record_delimiter: 'windows' }),
  );
  return Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>;
}
