/**
 * The documents' worker thread (documents/render starts it): draws each document it is sent and
 * posts the PDF back, so that pdfkit's loading (about 180 ms and 26 MB, once) and every page's
 * layout run beside the server's event loop instead of on it.
 */
import { EventEmitter, on } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { pdfStream, renderPdf, type PdfDocument, type PdfStreamDocument } from '../lib/pdf';
import { DOCUMENTS, STREAMED_DOCUMENTS, type DocumentKind, type StreamedKind } from './registry';

/**
 * What the worker is sent: a whole document's data; or a streamed document's start, then its
 * batches, then its end (or an abort: its reader went away, or its data failed).
 */
export type DocumentJob =
  | { id: number; kind: DocumentKind; data: unknown }
  | { id: number; stream: StreamedKind; head: unknown }
  | { id: number; batch: unknown }
  | { id: number; end: true }
  | { id: number; abort: true };

/** What it answers: a whole document's bytes; a streamed one's bytes as drawn, then done; or why it failed. */
export type DocumentAnswer =
  | { id: number; body: Uint8Array }
  | { id: number; chunk: Uint8Array }
  | { id: number; done: true }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('documents/pdf.worker runs as a worker thread (documents/render)');

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** A PDF's bytes in a buffer of their own, handed over rather than copied again. */
const own = (bytes: Buffer) => new Uint8Array(bytes);

/** The streamed documents being drawn: their batches arrive as events. */
const streams = new Map<number, { batches: EventEmitter; abort: AbortController }>();

function drawWhole(id: number, kind: DocumentKind, data: unknown) {
  const document = DOCUMENTS[kind] as PdfDocument<unknown> | undefined;
  const drawn = document
    ? renderPdf((doc) => document.draw(doc, data), document.options)
    : Promise.reject(new Error(`no document '${String(kind)}'`));
  drawn.then(
    (pdf) => {
      const body = own(pdf);
      port!.postMessage({ id, body } satisfies DocumentAnswer, [body.buffer]);
    },
    (e: unknown) => port!.postMessage({ id, error: reason(e) } satisfies DocumentAnswer),
  );
}

function drawStreamed(id: number, kind: StreamedKind, head: unknown) {
  const document = STREAMED_DOCUMENTS[kind] as PdfStreamDocument<unknown, unknown> | undefined;
  if (!document)
    return port!.postMessage({ id, error: `no document '${String(kind)}'` } satisfies DocumentAnswer);
  const batches = new EventEmitter();
  const abort = new AbortController();
  streams.set(id, { batches, abort });
  // Listening from now: batches that arrive while pdfkit loads wait in the iterator's queue.
  const arrived = on(batches, 'batch', { close: ['end'], signal: abort.signal });
  async function* rows() {
    for await (const [batch] of arrived) yield batch as unknown;
  }
  const failed = (e: unknown) => {
    streams.delete(id);
    port!.postMessage({ id, error: reason(e) } satisfies DocumentAnswer);
  };
  pdfStream((doc) => document.draw(doc, head, rows()), document.options).then((pdf) => {
    pdf.on('data', (bytes: Buffer) => {
      const chunk = own(bytes);
      port!.postMessage({ id, chunk } satisfies DocumentAnswer, [chunk.buffer]);
    });
    pdf.on('end', () => {
      streams.delete(id);
      port!.postMessage({ id, done: true } satisfies DocumentAnswer);
    });
    pdf.on('error', failed);
  }, failed);
}

port.on('message', (job: DocumentJob) => {
  if ('kind' in job) return drawWhole(job.id, job.kind, job.data);
  if ('stream' in job) return drawStreamed(job.id, job.stream, job.head);
  const stream = streams.get(job.id);
  if (!stream) return;
  if ('batch' in job) stream.batches.emit('batch', job.batch);
  else if ('end' in job) stream.batches.emit('end');
  else {
    streams.delete(job.id);
    stream.abort.abort();
  }
});
