/**
 * The worker thread that writes a guest's tracking page for a phone with the web app's own
 * components (apps/web src/prerender/track-page.tsx, built to `workerData.bundle`, a file URL),
 * for web/first-view: the app's modules read browser globals as they load and render, stood in for
 * here (first-view-globals), never in the server's own thread. A question is `{ id, input }`
 * (contracts TrackFirstViewInput); the answer `{ id, html }` (html undefined when the app drew
 * nothing) or `{ id, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TrackFirstViewInput } from '@courier/contracts';
import { installPhoneGlobals } from './first-view-globals';

/** A question to the worker. */
export interface FirstViewJob {
  id: number;
  input: TrackFirstViewInput;
}

/** Its answer. */
export type FirstViewAnswer = { id: number; html: string | undefined } | { id: number; error: string };

if (!parentPort) throw new Error('web/first-view.worker runs as a worker thread (web/first-view)');
const port = parentPort;
installPhoneGlobals(globalThis as unknown as Record<string, unknown>);
const { renderTrackFirstView } = (await import((workerData as { bundle: string }).bundle)) as {
  renderTrackFirstView: (input: TrackFirstViewInput) => string | undefined;
};
port.on('message', ({ id, input }: FirstViewJob) => {
  try {
    port.postMessage({ id, html: renderTrackFirstView(input) } satisfies FirstViewAnswer);
  } catch (error) {
    port.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies FirstViewAnswer);
  }
});
