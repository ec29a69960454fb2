import { describe, expect, it } from 'vitest';
import type { ReportColumn } from '@courier/contracts';
import { chartData, formatCell } from './report-data';

const COLUMNS: ReportColumn[] = [
  { key: 'day', title: 'Date', kind: 'date' },
  { key: 'account', title: 'Account', kind: 'text' },
  { key: 'total', title: 'Total', kind: 'money' },
  { key: 'rate', title: 'Rate', kind: 'percent' },
];

describe('report data', () => {
  it('formats money from pence, percentages and counts', () => {
    expect(formatCell(COLUMNS[2]!, 123456)).toBe('£1,234.56');
    expect(formatCell(COLUMNS[3]!, 87.25)).toBe('87.3%');
    expect(formatCell({ key: 'n', title: 'N', kind: 'number' }, 1200)).toBe('1,200');
    expect(formatCell(COLUMNS[0]!, '20/11/2026')).toBe('20/11/2026');
    expect(formatCell(COLUMNS[2]!, undefined)).toBe('');
  });

  it('pivots a series column into one key per value, in pounds, filling gaps with 0', () => {
    const rows = [
      { day: '01/11/2026', account: 'ACME', total: 1000, rate: 1 },
      { day: '01/11/2026', account: 'BETA', total: 250, rate: 1 },
      { day: '02/11/2026', account: 'BETA', total: 500, rate: 1 },
    ];
    expect(chartData({ type: 'line', x: 'day', y: ['total'], series: 'account' }, COLUMNS, rows)).toEqual({
      points: [
        { day: '01/11/2026', ACME: 10, BETA: 2.5 },
        { day: '02/11/2026', ACME: 0, BETA: 5 },
      ],
      series: [
        { name: 'ACME', label: 'ACME' },
        { name: 'BETA', label: 'BETA' },
      ],
    });
    expect(chartData({ type: 'bar', x: 'account', y: ['rate'] }, COLUMNS, rows.slice(0, 2)).series).toEqual([
      { name: 'rate', label: 'Rate' },
    ]);
  });
});
