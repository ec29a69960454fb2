import type { ReportChart, ReportColumn, ReportRow } from '@courier/contracts';
import { formatMoney } from '../../lib/format';
import { ukDaysBetween } from '../../lib/uk-day';

/** A report value as the table shows it: pounds for money (kept in pence), a percentage, text. */
export function formatCell(column: ReportColumn, value: ReportRow[string] | undefined): string {
  if (value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'money':
      return formatMoney(value / 100);
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'number':
      return value.toLocaleString('en-GB');
    case 'text':
    case 'date':
      return String(value);
  }
}

/** What a chart draws: one point per x value, and the series (keys of the points) with their labels. */
export interface ChartData {
  points: Record<string, string | number>[];
  series: { name: string; label: string }[];
}

/**
 * The chart's points from a report's rows: with a `series` column, one key per value of it (each
 * y read per value, missing ones 0, money in pounds); without, the y columns as they are. X values
 * keep the rows' order. A day axis (x of kind 'date') has a point for every day of `range` (the
 * report's DD/MM/YYYY dates asked, or the rows' first to last day), 0 on the days without rows: a
 * line does not jump over quiet days.
 */
export function chartData(
  chart: ReportChart,
  columns: ReportColumn[],
  rows: ReportRow[],
  range?: { from: string; to: string },
): ChartData {
  const kind = (key: string) => columns.find((c) => c.key === key)?.kind;
  const num = (key: string, v: ReportRow[string] | undefined) => {
    const n = typeof v === 'number' ? v : Number(v ?? 0);
    return kind(key) === 'money' ? n / 100 : n;
  };
  const title = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
  const points = new Map<string, Record<string, string | number>>();
  const series = new Map<string, string>();
  for (const row of rows) {
    const x = String(row[chart.x] ?? '');
    const point = points.get(x) ?? { [chart.x]: x };
    points.set(x, point);
    for (const y of chart.y) {
      const name = chart.series
        ? `${String(row[chart.series] ?? '')}${chart.y.length > 1 ? ` ${title(y)}` : ''}`
        : y;
      series.set(name, chart.series ? name : title(y));
      point[name] = (typeof point[name] === 'number' ? point[name] : 0) + num(y, row[y]);
    }
  }
  const names = [...series.keys()];
  const days = kind(chart.x) === 'date' ? everyDay([...points.keys()], range) : [];
  for (const day of days) if (!points.has(day)) points.set(day, { [chart.x]: day });
  const ordered = days.length ? days.map((day) => points.get(day)!) : [...points.values()];
  for (const p of ordered) for (const n of names) p[n] ??= 0;
  return { points: ordered, series: names.map((name) => ({ name, label: series.get(name)! })) };
}

/**
 * The days a day axis shows: those of `range`, else the rows' first to last; [] (the rows' days as
 * they are) when a row's day falls outside them or they do not read as days.
 */
function everyDay(xs: string[], range?: { from: string; to: string }): string[] {
  if (xs.length === 0) return [];
  const days = range ? ukDaysBetween(range.from, range.to) : ukDaysBetween(xs[0]!, xs[xs.length - 1]!);
  const known = new Set(days);
  return xs.every((x) => known.has(x)) ? days : [];
}
