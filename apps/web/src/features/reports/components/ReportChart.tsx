import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
// The charts' tooltip and legend mark each series with a colour swatch.
import '@mantine/core/styles/ColorSwatch.css';
import type { ReportRunResponse } from '@courier/contracts';
import { chartData } from '../report-data';

/** Mantine palette colours for the series, in turn. */
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'lime.7', 'cyan.7', 'pink.6', 'indigo.6'];

/**
 * A report's chart (issue 12 §3, @mantine/charts): bars or lines as the definition hints, x along the
 * bottom and a bar or line per series; a day axis shows every day of `range` (DD/MM/YYYY). Loaded with the report viewer only (its libraries in the
 * `charts` chunks of vite.config.ts).
 */
export function ReportChart({
  report,
  range,
}: {
  report: ReportRunResponse;
  range?: { from: string; to: string };
}) {
  const { points, series } = chartData(report.chart, report.columns, report.rows, range);
  const colored = series.map((s, i) => ({ ...s, color: COLORS[i % COLORS.length]! }));
  const xTitle = report.columns.find((c) => c.key === report.chart.x)?.title ?? report.chart.x;
  // Every bar keeps its label (Recharts drops labels that would overlap): slanted once there are
  // more than a few, with room below for the longest.
  const slanted = report.chart.type === 'bar' && points.length > 4;
  const common = {
    h: slanted ? 420 : 320,
    xAxisProps: slanted
      ? { interval: 0, angle: -60, textAnchor: 'end' as const, height: 130, tick: { fontSize: 11 } }
      : undefined,
    data: points,
    dataKey: report.chart.x,
    series: colored,
    withLegend: colored.length > 1,
    xAxisLabel: xTitle,
  };
  return (
    <figure aria-label={`Chart of ${report.rpt_desc}`} style={{ margin: 0 }} data-testid="report-chart">
      {report.chart.type === 'line' ? (
        <LineChart {...common} curveType="monotone" />
      ) : (
        <BarChart {...common} />
      )}
    </figure>
  );
}
