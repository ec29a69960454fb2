import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BarcodeReader } from './barcode-reader';
import { REPEAT_MS, SCAN_INTERVAL_MS, startScanLoop } from './scan-loop';

/** A reader that answers, frame by frame, the codes of `frames` (the last one repeated). */
function readerOf(frames: string[][]): BarcodeReader {
  let i = 0;
  return {
    detect: () =>
      Promise.resolve((frames[Math.min(i++, frames.length - 1)] ?? []).map((rawValue) => ({ rawValue }))),
  };
}

const readyVideo = { readyState: 4 } as HTMLVideoElement;

describe('startScanLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a code once while it stays in view, and each new code as it appears', async () => {
    const codes: string[] = [];
    const stop = startScanLoop(readerOf([[], ['A1'], ['A1'], ['A1', ' B2 '], ['B2'], []]), readyVideo, (c) =>
      codes.push(c),
    );
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 8);
    stop();
    expect(codes).toEqual(['A1', 'B2']);
  });

  it('reports a code again once it has been out of view for REPEAT_MS', async () => {
    let t = 0;
    const codes: string[] = [];
    const frames = [['A1'], ...Array.from({ length: REPEAT_MS / SCAN_INTERVAL_MS + 2 }, () => []), ['A1']];
    const stop = startScanLoop(
      readerOf(frames),
      readyVideo,
      (c) => codes.push(c),
      () => (t += SCAN_INTERVAL_MS),
    );
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * (frames.length + 1));
    stop();
    expect(codes).toEqual(['A1', 'A1']);
  });

  it('skips frames while the video is not ready and reads nothing after stop', async () => {
    const detect = vi.fn().mockResolvedValue([{ rawValue: 'A1' }]);
    const video = { readyState: 0 } as HTMLVideoElement;
    const codes: string[] = [];
    const stop = startScanLoop({ detect }, video, (c) => codes.push(c));
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 3);
    expect(detect).not.toHaveBeenCalled();
    stop();
    (video as { readyState: number }).readyState = 4;
    await vi.advanceTimersByTimeAsync(SCAN_INTERVAL_MS * 3);
    expect(codes).toEqual([]);
  });
});
