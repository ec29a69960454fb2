/**
 * What Lighthouse's simulated LCP is made of (bench:web with BENCH_LANTERN=1). Lighthouse's mobile
 * figures are not timed: its model (Lantern) replays the page's requests and CPU tasks that came
 * before the observed largest paint over a simulated phone (150 ms round trips, 1.6 Mbps, and the
 * preset's CPU 4× or BENCH_CPU_SLOWDOWN),
 * each request starting once what started it has finished. The simulated LCP is the end of the
 * last of them, so the list below, each request with its simulated start and end, shows which one
 * holds the page's LCP back and what it waited for: its code, its connection, or the bandwidth the
 * others took. Lighthouse's figure is the mean of two simulations of them: an optimistic one and a
 * pessimistic one that also counts every layout before the observed paint. Low-priority images
 * take bandwidth in them but are never the one the LCP ends on. Over HTTP/2 a request may show as
 * ending when it starts: the simulation counts its bytes as already in on the shared connection.
 */
import type { RunnerResult } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** One request of the simulated LCP: its URL (path only on `origin`), priority, bytes and times (ms). */
export interface SimulatedRequest {
  url: string;
  priority: string;
  bytes: number;
  start: number;
  end: number;
}

/** The fields of a Lantern graph node this reads: a network node carries its request. */
export interface GraphNode {
  type: string;
  request?: { url: string; priority: string; transferSize: number };
}

/** Lighthouse's simulated LCP (ms) and the requests of its optimistic simulation. */
export interface SimulatedLcp {
  /** The figure Lighthouse reports: the mean of the two simulations (or the FCP, if later). */
  lcp: number;
  optimistic: number;
  /** Also counts every layout task before the observed LCP, and low-priority images' bytes. */
  pessimistic: number;
  requests: SimulatedRequest[];
}

/**
 * Lighthouse's simulated LCP of a run, and the requests of its optimistic simulation, ordered by
 * simulated end, the page's own origin written as a path. Lighthouse's CPU tasks are left out:
 * their time shows as the gaps between a script's end and the requests it starts. Throws where the
 * run has no artifacts (Lighthouse gave no trace) or no LCP.
 */
export async function simulatedLcp(result: RunnerResult, origin: string): Promise<SimulatedLcp> {
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      simulator: null,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
    },
    { computedCache: new Map(), settings } as never,
  );
  return {
    lcp: lcp.timing,
    optimistic: lcp.optimisticEstimate.timeInMs,
    pessimistic: lcp.pessimisticEstimate.timeInMs,
    requests: requestsOf(
      lcp.optimisticEstimate.nodeTimings as Map<GraphNode, { startTime: number; endTime: number }>,
      origin,
    ),
  };
}

/** Whether `url` is on `origin` (not merely starting with it: port 31001 is not 3100's). */
const sameOrigin = (url: string, origin: string): boolean => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/** The network nodes of a simulation's timings as SimulatedRequests, by end (then start). */
export function requestsOf(
  timings: Map<GraphNode, { startTime: number; endTime: number }>,
  origin: string,
): SimulatedRequest[] {
  return [...timings]
    .filter(([node]) => node.type === 'network' && node.request)
    .map(([node, t]) => ({
      url: sameOrigin(node.request!.url, origin) ? node.request!.url.slice(origin.length) : node.request!.url,
      priority: node.request!.priority,
      bytes: node.request!.transferSize,
      start: t.startTime,
      end: t.endTime,
    }))
    .sort((a, b) => a.end - b.end || a.start - b.start);
}

/**
 * The simulated LCP as lines: its figures, then each request's simulated start and end (ms),
 * priority, KB as transferred and URL.
 */
export function formatSimulatedLcp({ lcp, optimistic, pessimistic, requests }: SimulatedLcp): string {
  const head = `    simulated LCP ${lcp.toFixed(0)} ms (optimistic ${optimistic.toFixed(0)}, pessimistic ${pessimistic.toFixed(0)}); the optimistic simulation's requests:`;
  return [
    head,
    ...requests.map(
      (r) =>
        `    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ${r.priority.padEnd(8)} ${(r.bytes / 1000).toFixed(1).padStart(6)} KB  ${r.url}`,
    ),
  ].join('\n');
}
