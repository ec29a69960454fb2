import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the server (ARCHITECTURE rule 12): RFC 4180 quoting, and every cell that a
 * spreadsheet would run as a formula (one beginning with =, +, -, @, a tab or a carriage return,
 * or their full-width forms) is prefixed with a quote so it opens as text.
 */
export const toCsv = (rows: readonly (readonly (string | number)[])[]): Buffer =>
  Buffer.from(stringify(rows as (string | number)[][], { escape_formulas: true }));
