import { describe, expect, it } from 'vitest';
import { formatSimulatedLcp, requestsOf, type GraphNode } from './lantern-graph';

const net = (url: string, priority = 'High', transferSize = 9_800): GraphNode => ({
  type: 'network',
  request: { url, priority, transferSize },
});

describe('the simulated LCP requests (bench:web BENCH_LANTERN)', () => {
  it('lists the network nodes by simulated end, the page origin (only) as a path, CPU tasks left out', () => {
    const timings = new Map<GraphNode, { startTime: number; endTime: number }>([
      [net('https://tile.example/7/62/41.png'), { startTime: 2081, endTime: 2687 }],
      [{ type: 'cpu' }, { startTime: 617, endTime: 715 }],
      [
        net('http://127.0.0.1:3100/docket/track?tracking_ref=T1', 'VeryHigh', 2_161),
        { startTime: 0, endTime: 617 },
      ],
      [net('http://127.0.0.1:3100/assets/react.js', 'High', 48_017), { startTime: 715, endTime: 2081 }],
      [net('http://127.0.0.1:31001/7/63/42.png'), { startTime: 617, endTime: 1071 }],
    ]);
    const requests = requestsOf(timings, 'http://127.0.0.1:3100');
    expect(requests.map((r) => r.url)).toEqual([
      '/docket/track?tracking_ref=T1',
      'http://127.0.0.1:31001/7/63/42.png',
      '/assets/react.js',
      'https://tile.example/7/62/41.png',
    ]);
    expect(
      formatSimulatedLcp({ lcp: 2839, optimistic: 2839, pessimistic: 2839.4, requests }).split('\n'),
    ).toEqual([
      "    simulated LCP 2839 ms (optimistic 2839, pessimistic 2839); the optimistic simulation's requests:",
      '        0 →   617 ms  VeryHigh    2.2 KB  /docket/track?tracking_ref=T1',
      '      617 →  1071 ms  High        9.8 KB  http://127.0.0.1:31001/7/63/42.png',
      '      715 →  2081 ms  High       48.0 KB  /assets/react.js',
      '     2081 →  2687 ms  High        9.8 KB  https://tile.example/7/62/41.png',
    ]);
  });
});
