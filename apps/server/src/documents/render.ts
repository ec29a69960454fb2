import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { DocumentAnswer, DocumentJob } from './pdf.worker';
import type { DocumentData, DocumentKind, StreamedBatch, StreamedHead, StreamedKind } from './registry';

/**
 * The worker's file beside this module's: the built server's dist/pdf.worker.js (built with it by
 * apps/server/build.ts), else the TypeScript source, loaded through tsx as the tests run it.
 */
const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(SOURCE ? './pdf.worker.ts' : './pdf.worker.js', import.meta.url);

/** A document being drawn: what to do with each answer (true once it is finished), and on failure. */
interface Job {
  answer(a: DocumentAnswer): boolean;
  fail(e: Error): void;
}

let worker: Worker | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();

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
  w.on('message', (a: DocumentAnswer) => {
    const job = jobs.get(a.id);
    if (!job) return;
    const failed = 'error' in a ? new Error(`PDF: ${a.error}`) : undefined;
    if (failed) job.fail(failed);
    if (failed || job.answer(a)) finish(w, a.id);
  });
  w.on('error', (e) => lose(w, e));
  w.on('exit', (code) => lose(w, new Error(`PDF: the documents' worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/** Starts job `id` on the worker with its first message; false (and `job` failed) when it cannot be posted. */
function start(job: Job, first: (id: number) => DocumentJob): number {
  const w = documentsWorker();
  const id = nextId++;
  jobs.set(id, job);
  try {
    w.postMessage(first(id));
    w.ref();
  } catch (e) {
    // Data that cannot be posted (a function, a class instance's methods): this job only.
    jobs.delete(id);
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

/**
 * The PDF of document `kind` (documents/registry) drawn from `data` in the documents' worker
 * thread: the event loop goes on serving other calls meanwhile. `data` must be structured-cloneable
 * (plain objects, arrays, strings, numbers, Dates).
 * @throws Error 'PDF: …' when the document fails to draw or the worker stops (a 500 to the caller).
 */
export function renderDocument<K extends DocumentKind>(kind: K, data: DocumentData<K>): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    start(
      {
        answer: (a) => {
          if ('body' in a) resolve(bytes(a.body));
          return true;
        },
        fail: reject,
      },
      (id) => ({ id, kind, data }),
    );
  });
}

/**
 * The PDF of streamed document `kind` (documents/registry), drawn in the documents' worker thread
 * from `head` and then each batch of `batches` as they come, and sent as it is drawn: a stream of
 * its bytes. A failing `batches`, a document that fails to draw or a worker that stops destroys
 * the stream with the error; a reader that goes away stops the drawing.
 */
export function streamDocument<K extends StreamedKind>(
  kind: K,
  head: StreamedHead<K>,
  batches: AsyncIterable<StreamedBatch<K>>,
): Readable {
  let over = false;
  const out = new Readable({ read() {} });
  const id = start(
    {
      answer: (a) => {
        if ('chunk' in a) out.push(bytes(a.chunk));
        if (!('done' in a)) return false;
        over = true;
        out.push(null);
        return true;
      },
      fail: (e) => {
        over = true;
        out.destroy(e);
      },
    },
    (id) => ({ id, stream: kind, head }),
  );
  const post = (job: DocumentJob) => {
    if (!over) worker?.postMessage(job);
  };
  // The reader went away (or the batches failed) before the end: the worker stops drawing.
  out.on('close', () => {
    if (over) return;
    over = true;
    const w = worker;
    if (!w) return void jobs.delete(id);
    w.postMessage({ id, abort: true } satisfies DocumentJob);
    finish(w, id);
  });
  void (async () => {
    try {
      for await (const batch of batches) {
        if (over) return;
        post({ id, batch });
      }
      post({ id, end: true });
    } catch (e) {
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  })();
  return out;
}
