import type { CircuitColumn, CircuitDocketRow } from '@courier/contracts';
import { formatControlDate } from '../../../lib/format';

/** A board cell as text: dates as DD/MM HH:mm (spec "access…" §9), numbers and text as they are. */
export function cellText(row: CircuitDocketRow, column: Pick<CircuitColumn, 'field' | 'kind'>): string {
  const value = row.cells[column.field];
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'date' && typeof value === 'string') return formatControlDate(value);
  return String(value);
}
