import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** Cells that a spreadsheet would run as formulas are prefixed with a quote (see toCsv). */
const OPTIONS = { escape_formulas: true } as const;

/**
 * The one CSV writer of the server (ARCHITECTURE rule 12): RFC 4180 quoting, and every cell that a
 * spreadsheet would run as a formula (one beginning with =, +, -, @, a tab or a carriage return,
 * or their full-width forms) is prefixed with a quote so it opens as text.
 */
export const toCsv = (rows: readonly (readonly (string | number)[])[]): Buffer =>
  Buffer.from(stringifySync(rows as (string | number)[][], OPTIONS));

/**
 * The same CSV as a stream of rows as they come (an export read page by page): nothing is held
 * whole in memory. An error of `rows` destroys the stream.
 */
export function csvStream(rows: AsyncIterable<readonly (string | number)[]>): Readable {
  const out = stringify(OPTIONS);
  pipeline(Readable.from(rows), out, (err) => {
    if (err) out.destroy(err);
  });
  return out;
}
