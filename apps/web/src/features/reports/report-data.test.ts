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

  it('draws every day of the range asked on a day axis, 0 on the days without bookings', () => {
    const rows = [
      { day: '02/11/2026', account: 'ACME', total: 1000, rate: 1 },
      { day: '04/11/2026', account: 'ACME', total: 500, rate: 1 },
    ];
    const chart = { type: 'line' as const, x: 'day', y: ['total'], series: 'account' };
    expect(chartData(chart, COLUMNS, rows, { from: '01/11/2026', to: '05/11/2026' }).points).toEqual([
      { day: '01/11/2026', ACME: 0 },
      { day: '02/11/2026', ACME: 10 },
      { day: '03/11/2026', ACME: 0 },
      { day: '04/11/2026', ACME: 5 },
      { day: '05/11/2026', ACME: 0 },
    ]);
    // Without the range, the days between the first and the last row; across the clocks' change too.
    const autumn = [
      { day: '24/10/2026', account: 'ACME', total: 100, rate: 1 },
      { day: '27/10/2026', account: 'ACME', total: 100, rate: 1 },
    ];
    expect(chartData(chart, COLUMNS, autumn).points.map((p) => p.day)).toEqual([
      '24/10/2026',
      '25/10/2026',
      '26/10/2026',
      '27/10/2026',
    ]);
    // Rows outside the range asked (an earlier answer still showing) are drawn as they are.
    expect(chartData(chart, COLUMNS, rows, { from: '03/11/2026', to: '05/11/2026' }).points).toHaveLength(2);
  });
});
