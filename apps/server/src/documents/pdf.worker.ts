/**
 * The documents' worker thread (documents/render starts it): draws each document it is sent and
 * posts the PDF back, so that pdfkit's loading (about 180 ms and 26 MB, once) and every page's
 * layout run beside the server's event loop instead of on it. It runs with the server's own V8
 * flags (config/node-args: its heap has the same caps, apart from the server's).
 */
import { EventEmitter, on } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { pdfStream, renderPdf, type PdfDocument, type PdfStreamDocument } from '../lib/pdf';
import { DOCUMENTS, STREAMED_DOCUMENTS, type DocumentKind, type StreamedKind } from './registry';

/**
 * What the worker is sent: a whole document's data; or a streamed document's start, then its
 * batches (each sent once the one before it is drawn), then its end (or an abort: its reader went
 * away, or its data failed); or a question about how many streamed documents it is drawing.
 */
export type DocumentJob =
  | { id: number; kind: DocumentKind; data: unknown }
  | { id: number; stream: StreamedKind; head: unknown }
  | { id: number; batch: unknown }
  | { id: number; end: true }
  | { id: number; abort: true }
  | { id: number; status: true };

/**
 * What it answers: a whole document's bytes; for a streamed one, that it has started (pdfkit
 * loaded, its head drawn), its bytes as drawn, each batch drawn, then done; why a job failed; or
 * the streamed documents it is drawing.
 */
export type DocumentAnswer =
  | { id: number; body: Uint8Array }
  | { id: number; started: true }
  | { id: number; chunk: Uint8Array }
  | { id: number; drawn: true }
  | { id: number; done: true }
  | { id: number; error: string }
  | { id: number; streams: number };

const port = parentPort!;
if (!parentPort) throw new Error('documents/pdf.worker runs as a worker thread (documents/render)');
// A message that cannot be read would lose a batch without a word: the worker stops instead, and
// every document it was drawing fails (documents/render).
port.on('messageerror', (e) => {
  throw e;
});

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));
const post = (answer: DocumentAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);

/** The streamed documents being drawn: their batches arrive as events. */
const streams = new Map<number, { batches: EventEmitter; abort: AbortController }>();

function drawWhole(id: number, kind: DocumentKind, data: unknown) {
  const document = DOCUMENTS[kind] as PdfDocument<unknown> | undefined;
  const drawn = document
    ? renderPdf((doc) => document.draw(doc, data), document.options)
    : Promise.reject(new Error(`no document '${String(kind)}'`));
  drawn.then(
    (pdf) => {
      // The PDF's own copy of its bytes, handed over rather than copied again.
      const body = new Uint8Array(pdf);
      post({ id, body }, [body.buffer]);
    },
    (e: unknown) => post({ id, error: reason(e) }),
  );
}

function drawStreamed(id: number, kind: StreamedKind, head: unknown) {
  const document = STREAMED_DOCUMENTS[kind] as PdfStreamDocument<unknown, unknown> | undefined;
  if (!document) return post({ id, error: `no document '${String(kind)}'` });
  const batches = new EventEmitter();
  const abort = new AbortController();
  streams.set(id, { batches, abort });
  // Listening from now: a batch that arrives while pdfkit loads waits in the iterator's queue.
  const arrived = on(batches, 'batch', { close: ['end'], signal: abort.signal });
  // pdfkit writes a line at a time: its bytes are posted a batch of rows at a time (the worker
  // rarely idles while the rows keep coming, so nothing waits for an idle turn), and at the end.
  let parts: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    const chunk = new Uint8Array(Buffer.concat(parts, size));
    parts = [];
    size = 0;
    post({ id, chunk }, [chunk.buffer]);
  };
  // Started once the drawing asks for its first rows (pdfkit loaded, the head drawn): a head that
  // fails to draw is the caller's error, not a cut-off download. A drawing that asks for none
  // starts as it ends.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    post({ id, started: true });
  };
  async function* rows() {
    start();
    for await (const [batch] of arrived) {
      if (abort.signal.aborted) return;
      yield batch as unknown[];
      // Asked for the next: this one is drawn and sent, the next may come.
      flush();
      post({ id, drawn: true });
    }
  }
  const failed = (e: unknown) => {
    streams.delete(id);
    post({ id, error: reason(e) });
  };
  pdfStream((doc) => document.draw(doc, head, rows()), document.options).then((pdf) => {
    pdf.on('data', (bytes: Buffer) => {
      parts.push(bytes);
      size += bytes.length;
    });
    pdf.on('end', () => {
      start();
      flush();
      streams.delete(id);
      post({ id, done: true });
    });
    pdf.on('error', failed);
  }, failed);
}

port.on('message', (job: DocumentJob) => {
  if ('kind' in job) return drawWhole(job.id, job.kind, job.data);
  if ('stream' in job) return drawStreamed(job.id, job.stream, job.head);
  if ('status' in job) return post({ id: job.id, streams: streams.size });
  const stream = streams.get(job.id);
  if (!stream) return;
  if ('batch' in job) stream.batches.emit('batch', job.batch);
  else if ('end' in job) stream.batches.emit('end');
  else {
    streams.delete(job.id);
    stream.abort.abort();
  }
});
