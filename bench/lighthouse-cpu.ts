/**
 * Lighthouse's mobile preset slows the page's CPU work down 4× to stand for a mid-range phone on
 * the host it was tuned on. On a slower host the same 4× stands for a slower phone: Lighthouse
 * itself warns when the host's benchmarkIndex (its own CPU test, in every report's `environment`)
 * is under SLOW_HOST_INDEX, and its throttling documentation gives a slowdown per benchmarkIndex
 * instead (these points: 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 1766 → 5×, 2000 → 6×).
 */

/** Under this benchmarkIndex Lighthouse warns that the host is slower than it expects. */
export const SLOW_HOST_INDEX = 1000;

const POINTS: readonly (readonly [index: number, slowdown: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
  [1766, 5],
  [2000, 6],
];

/**
 * The CPU slowdown that makes a host of this benchmarkIndex stand for the phone Lighthouse's
 * mobile preset means: linear between the points above, and along the last segment's slope past
 * either end (at least 1×). Not a number for a benchmarkIndex that is not a positive number.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return NaN;
  const above = POINTS.findIndex(([index]) => index > benchmarkIndex);
  // The segment the index falls in; below the first point the first, above the last the last.
  const i = above === -1 ? POINTS.length - 1 : Math.max(above, 1);
  const [i0, s0] = POINTS[i - 1]!;
  const [i1, s1] = POINTS[i]!;
  return Math.max(1, s0 + ((benchmarkIndex - i0) * (s1 - s0)) / (i1 - i0));
}
