import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../lib/pdf';
import { pdfText } from '../test/pdf-text';
import {
  assertDocumentsWorker,
  documentsBeingStreamed,
  renderDocument,
  setDocumentsWorkerStuckAfter,
  stopDocumentsWorker,
  streamDocument,
} from './render';

/** Whether this thread has loaded pdfkit (Node's module cache, where `import('pdfkit')` puts it). */
const pdfkitHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/pdfkit/'));

/** A PDF's text runs, the spaces pdf.js puts between cells of a line left out. */
const runs = async (pdf: Buffer) => (await pdfText(pdf)).split('\n').filter((run) => run.trim());

const report = {
  title: 'Demo Couriers: Deliveries by account',
  dateStart: '01/11/2026',
  dateEnd: '26/11/2026',
  headers: ['Account', 'Dockets'],
  lines: [
    ['DEMO001', '12'],
    ['Łódź Trading', '3'],
  ],
};

describe('renderDocument (documents/render): PDFs drawn in a worker thread', () => {
  it('answers the whole document while this thread never loads pdfkit', async () => {
    expect(pdfkitHere()).toBe(false);
    const pdf = await renderDocument('reportTable', report);
    expect(await runs(pdf)).toEqual([
      report.title,
      '01/11/2026 – 26/11/2026',
      'Account',
      'Dockets',
      'DEMO001',
      '12',
      'Łódź Trading',
      '3',
      '2 rows',
    ]);
    // Documents asked for together each get their own.
    const [a, b] = await Promise.all([
      renderDocument('reportTable', { ...report, title: 'First' }),
      renderDocument('reportTable', { ...report, title: 'Second' }),
    ]);
    expect((await runs(a))[0]).toBe('First');
    expect((await runs(b))[0]).toBe('Second');
    expect(pdfkitHere(), `thread ${threadId}`).toBe(false);
    // The check above can see pdfkit: drawing here loads it.
    await renderPdf((doc) => {
      doc.text('here');
    });
    expect(pdfkitHere()).toBe(true);
  });

  it('fails a document that cannot be drawn with its reason, and draws the next one', async () => {
    const broken = { ...report, headers: undefined } as unknown as typeof report;
    await expect(renderDocument('reportTable', broken)).rejects.toThrow(/^PDF: .*map/);
    await expect(
      renderDocument('reportTable', { ...report, lines: [], draw: () => 1 } as unknown as typeof report),
    ).rejects.toThrow(/could not be cloned/);
    expect((await runs(await renderDocument('reportTable', report))).at(-1)).toBe('2 rows');
  });

  const head = {
    title: 'Demo Couriers: Your Booking History',
    subtitle: 'Search: leeds',
    headers: ['Docket No', 'Reference'],
    widths: [100, 200],
  };
  /** `pages` batches of `rows` rows each: docket numbers from 1. */
  async function* batches(pages: number, rows: number) {
    for (let p = 0; p < pages; p++) {
      await sleep(1);
      yield Array.from({ length: rows }, (_, i) => [String(p * rows + i + 1), `REF ${p * rows + i + 1}`]);
    }
  }

  it('streams a document drawn as its batches come, every row in order, then the count', async () => {
    let read = 0;
    async function* counted() {
      for await (const rows of batches(12, 100)) {
        read += rows.length;
        yield rows;
      }
    }
    const pdf = await streamDocument('docketExport', head, counted());
    let readAtFirstBytes: number | undefined;
    pdf.once('data', () => (readAtFirstBytes = read));
    const text = await runs(await buffer(pdf));
    expect(text.slice(0, 4)).toEqual([head.title, 'Search: leeds', 'Docket No', 'Reference']);
    const dockets = text.filter((run) => /^\d+$/.test(run)).map(Number);
    expect(dockets).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(text.at(-1)).toBe('1200 bookings');
    // Sent as drawn: its first bytes before its last rows were read.
    expect(readAtFirstBytes).toBeLessThan(1200);
  });

  it('fails the stream with the error of its data, before anything is sent or after', async () => {
    // Failing on the first read, which is asked as the document starts: before the worker can have
    // drawn the head and asked for rows (a wait here raced the worker's head on a loaded machine).
    async function* failingFirst() {
      await Promise.resolve();
      throw new Error('the database went away');
      yield [];
    }
    await expect(streamDocument('docketExport', head, failingFirst())).rejects.toThrow(
      'the database went away',
    );
    async function* failingLater() {
      yield* batches(1, 10);
      await sleep(50);
      throw new Error('the database went away later');
    }
    // A head that cannot be drawn fails before anything is sent, too.
    const broken = { ...head, headers: undefined } as unknown as typeof head;
    await expect(streamDocument('docketExport', broken, batches(1, 10))).rejects.toThrow(/^PDF: /);
    const pdf = await streamDocument('docketExport', head, failingLater());
    await expect(buffer(pdf)).rejects.toThrow('the database went away later');
  });

  it('reads its rows only as fast as they are drawn and read, and stops both for a reader that went away', async () => {
    let read = 0;
    let stopped = false;
    async function* endless() {
      try {
        for (;;) {
          await sleep(1);
          read += 500;
          yield Array.from({ length: 500 }, (_, i) => [String(read + i), 'REF']);
        }
      } finally {
        stopped = true;
      }
    }
    const pdf = await streamDocument('docketExport', head, endless());
    // Nobody reads: the rows read stop a little ahead of what the stream holds.
    await sleep(1500);
    const held = read;
    await sleep(500);
    expect(read).toBe(held);
    expect(await documentsBeingStreamed()).toBe(1);
    pdf.destroy();
    await expect.poll(() => stopped).toBe(true);
    // The worker forgets the document and draws the next one.
    await expect.poll(() => documentsBeingStreamed()).toBe(0);
    expect((await runs(await renderDocument('reportTable', report))).at(-1)).toBe('2 rows');
  });

  it('fails what the worker was drawing when it stops, and starts a new one for the next document', async () => {
    const drawing = expect(renderDocument('reportTable', report)).rejects.toThrow(
      "PDF: the documents' worker was stopped",
    );
    await stopDocumentsWorker();
    await drawing;
    expect((await runs(await renderDocument('reportTable', report))).at(-1)).toBe('2 rows');
  });

  it('stops a worker that stops answering, fails its documents, and draws the next on a new one', async () => {
    // A table long enough to hold the worker's thread for seconds in one synchronous draw.
    const long = { ...report, lines: Array.from({ length: 100_000 }, (_, i) => [`ACC${i}`, String(i)]) };
    setDocumentsWorkerStuckAfter(150);
    try {
      await expect(renderDocument('reportTable', long)).rejects.toThrow(
        "PDF: the documents' worker did not answer for 150 ms and was stopped",
      );
      setDocumentsWorkerStuckAfter(30_000);
      // The next document is drawn by a new worker.
      expect((await runs(await renderDocument('reportTable', report))).at(-1)).toBe('2 rows');
    } finally {
      setDocumentsWorkerStuckAfter(30_000);
    }
  });

  it('finds its worker file (the server checks it as it starts)', () => {
    expect(() => assertDocumentsWorker()).not.toThrow();
  });
});
