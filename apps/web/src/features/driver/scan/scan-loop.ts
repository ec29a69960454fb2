import type { BarcodeReader } from './barcode-reader';

/** How often a frame is read (ms): about four frames a second, light on a phone's battery. */
export const SCAN_INTERVAL_MS = 250;
/** The same code seen again within this time is the same parcel still in view (ms). */
export const REPEAT_MS = 3_000;

/**
 * Reads `video` with `reader` every SCAN_INTERVAL_MS until the returned stop function is called,
 * and calls `onCode` once for each code newly in view (a code is reported again only after it has
 * been out of view for REPEAT_MS). A frame that cannot be read (not ready yet) is skipped.
 */
export function startScanLoop(
  reader: BarcodeReader,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
  now: () => number = () => Date.now(),
): () => void {
  const lastSeen = new Map<string, number>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    if (video.readyState >= 2) {
      const found = await reader.detect(video).catch(() => []);
      const at = now();
      for (const { rawValue } of found) {
        const code = rawValue.trim();
        if (!code || stopped) continue;
        const seen = lastSeen.get(code);
        lastSeen.set(code, at);
        if (seen === undefined || at - seen > REPEAT_MS) onCode(code);
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
