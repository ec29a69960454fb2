import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentAnswer, DocumentJob } from './pdf.worker';
import type { DocumentData, DocumentKind, StreamedHead, StreamedKind, StreamedRow } from './registry';

/**
 * The worker's file beside this module's: the built server's dist/pdf.worker.js (built with it by
 * apps/server/build.ts), else the TypeScript source, loaded through tsx as the tests run it.
 */
const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(SOURCE ? './pdf.worker.ts' : './pdf.worker.js', import.meta.url);

/** Rows of a streamed document posted at a time: the worker turns to other documents between them. */
const ROWS_PER_BATCH = 50;
/** Batches of a streamed document posted and not yet drawn: the database is read no further ahead. */
const BATCHES_IN_FLIGHT = 2;

/** A document being drawn: what to do with each answer (true once it is finished), and on failure. */
interface Job {
  answer(a: DocumentAnswer): boolean;
  fail(e: Error): void;
}

/**
 * How long the worker's thread may go without a turn of its event loop while it has documents to
 * draw (ms) before it is taken as stuck and stopped: its documents fail, the next starts a new
 * one. A page of any of our documents is drawn in milliseconds; a whole one in well under a second.
 */
let stuckAfterMs = 30_000;

/** Sets how long the worker may be unresponsive (ms) before it is stopped (tests). */
export function setDocumentsWorkerStuckAfter(ms: number): void {
  stuckAfterMs = ms;
}

/** The id of the watch's questions: no job has it (jobs count from 1). */
const WATCH_ID = 0;

let worker: Worker | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

/**
 * Fails at start-up, not at a user's first PDF, when the worker's file is missing (a build without
 * it, a copy of server.js alone).
 * @throws Error naming the file
 */
export function assertDocumentsWorker(): void {
  if (!existsSync(WORKER_FILE))
    throw new Error(`The documents' worker ${fileURLToPath(WORKER_FILE)} is missing: run \`npm run build\``);
}

/** Every job waiting on a worker that stopped fails with `error`; the next job starts a new one. */
function lose(w: Worker, error: Error) {
  if (worker !== w) return;
  worker = undefined;
  for (const job of jobs.values()) job.fail(error);
  jobs.clear();
}

/** The worker thread, started on the first document (pdfkit is never loaded by a server that makes none). */
function documentsWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_FILE, SOURCE ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {});
  const watch = watchWorker(w);
  w.on('message', (a: DocumentAnswer) => {
    if (a.id === WATCH_ID) return watch.answered();
    const job = jobs.get(a.id);
    if (!job) return;
    const failed = 'error' in a ? new Error(`PDF: ${a.error}`) : undefined;
    if (failed) job.fail(failed);
    if (failed || job.answer(a)) finish(w, a.id);
  });
  w.on('messageerror', (e) => lose(w, e));
  w.on('error', (e) => lose(w, e));
  w.on('exit', (code) => lose(w, new Error(`PDF: the documents' worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/**
 * Asks the busy worker, every third of stuckAfterMs, whether its event loop gets a turn (a status
 * question); one that has not answered for stuckAfterMs is stopped and its documents fail with
 * 'PDF: the documents' worker did not answer…'. An idle worker is not asked; the watch ends with it.
 */
function watchWorker(w: Worker) {
  let askedAt: number | undefined;
  const timer = setInterval(
    () => {
      if (worker !== w) return clearInterval(timer);
      if (jobs.size === 0) return void (askedAt = undefined);
      if (askedAt === undefined) {
        askedAt = Date.now();
        w.postMessage({ id: WATCH_ID, status: true } satisfies DocumentJob);
      } else if (Date.now() - askedAt >= stuckAfterMs) {
        clearInterval(timer);
        lose(
          w,
          new Error(`PDF: the documents' worker did not answer for ${stuckAfterMs} ms and was stopped`),
        );
        void w.terminate();
      }
    },
    Math.max(10, Math.floor(stuckAfterMs / 3)),
  );
  timer.unref();
  return { answered: () => void (askedAt = undefined) };
}

/** Starts `job` on the worker with its first message; its id (the job failed when it could not be posted). */
function start(job: Job, first: (id: number) => DocumentJob): number {
  const w = documentsWorker();
  const id = nextId++;
  jobs.set(id, job);
  try {
    w.postMessage(first(id));
    w.ref();
  } catch (e) {
    // Data that cannot be posted (a function, a class instance's methods): this job only.
    finish(w, id);
    job.fail(e instanceof Error ? e : new Error(String(e)));
  }
  return id;
}

/** Job `id` is over: forgotten, and an idle worker does not keep the process alive (a test's, a server stopping). */
function finish(w: Worker, id: number) {
  jobs.delete(id);
  if (jobs.size === 0) w.unref();
}

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The one answer of a job started by `first`: what `pick` takes from it (the job fails on an error). */
function ask<T>(first: (id: number) => DocumentJob, pick: (a: DocumentAnswer) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    start(
      {
        answer: (a) => {
          const value = pick(a);
          if (value !== undefined) resolve(value);
          return true;
        },
        fail: reject,
      },
      first,
    );
  });
}

/**
 * The PDF of document `kind` (documents/registry) drawn from `data` in the documents' worker
 * thread: the event loop goes on serving other calls meanwhile. `data` must be structured-cloneable
 * (plain objects, arrays, strings, numbers, Dates).
 * @throws Error 'PDF: …' when the document fails to draw or the worker stops (a 500 to the caller).
 */
export function renderDocument<K extends DocumentKind>(kind: K, data: DocumentData<K>): Promise<Buffer> {
  return ask(
    (id) => ({ id, kind, data }),
    (a) => ('body' in a ? bytes(a.body) : undefined),
  );
}

/** Resolves on the next wake(): a loop that waits for room (a batch drawn, the reader reading). */
function waker() {
  let waiting: (() => void) | undefined;
  return {
    wake: () => {
      const w = waiting;
      waiting = undefined;
      w?.();
    },
    wait: () => new Promise<void>((resolve) => (waiting = resolve)),
  };
}

/**
 * The PDF of streamed document `kind` (documents/registry), drawn in the documents' worker thread
 * from `head` and then the rows of `batches` as they come, and sent as it is drawn: resolves, once
 * the worker has started it, with a stream of its bytes. `batches` is read only as fast as the
 * worker draws and the reader reads (ROWS_PER_BATCH rows at a time, BATCHES_IN_FLIGHT ahead).
 * A failing `batches`, a document that fails to draw or a worker that stops destroys the stream
 * with the error; a reader that goes away stops the reading and the drawing.
 * @throws Error 'PDF: …' when the document cannot start (nothing sent yet: a 500 to the caller)
 */
export function streamDocument<K extends StreamedKind>(
  kind: K,
  head: StreamedHead<K>,
  batches: AsyncIterable<StreamedRow<K>[]>,
): Promise<Readable> {
  const room = waker();
  const out = new Readable({ read: room.wake });
  let over = false;
  let started = false;
  let inFlight = 0;
  return new Promise<Readable>((resolve, reject) => {
    // Before the stream is handed over nobody listens to it: the error goes to the promise.
    const failed = (e: Error) => {
      if (started) return void out.destroy(e);
      reject(e);
      out.destroy();
    };
    const id = start(
      {
        answer: (a) => {
          if ('started' in a) {
            started = true;
            resolve(out);
          }
          if ('chunk' in a) out.push(bytes(a.chunk));
          if ('drawn' in a) {
            inFlight--;
            room.wake();
          }
          if (!('done' in a)) return false;
          over = true;
          room.wake();
          out.push(null);
          return true;
        },
        fail: (e) => {
          over = true;
          room.wake();
          failed(e);
        },
      },
      (id) => ({ id, stream: kind, head }),
    );
    // The reader went away (or the batches failed) before the end: the worker stops drawing.
    out.on('close', () => {
      room.wake();
      if (over) return;
      over = true;
      const w = worker;
      if (!w || !jobs.has(id)) return;
      w.postMessage({ id, abort: true } satisfies DocumentJob);
      finish(w, id);
    });
    const post = (job: DocumentJob) => worker?.postMessage(job);
    const full = () => inFlight >= BATCHES_IN_FLIGHT || out.readableLength >= out.readableHighWaterMark;
    void (async () => {
      try {
        if (over) return;
        for await (const rows of batches) {
          if (over) return;
          for (let i = 0; i < rows.length; i += ROWS_PER_BATCH) {
            while (!over && full()) await room.wait();
            if (over) return;
            inFlight++;
            post({ id, batch: rows.slice(i, i + ROWS_PER_BATCH) });
          }
        }
        if (!over) post({ id, end: true });
      } catch (e) {
        failed(e instanceof Error ? e : new Error(String(e)));
      }
    })();
  });
}

/** How many streamed documents the worker is drawing (0 when it is not running). */
export function documentsBeingStreamed(): Promise<number> {
  if (!worker) return Promise.resolve(0);
  return ask(
    (id) => ({ id, status: true }),
    (a) => ('streams' in a ? a.streams : undefined),
  );
}

/** Stops the worker (a server closing, a test): what it was drawing fails; the next document starts a new one. */
export async function stopDocumentsWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  lose(w, new Error("PDF: the documents' worker was stopped"));
  await w.terminate();
}
