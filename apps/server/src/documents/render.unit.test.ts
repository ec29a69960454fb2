import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../lib/pdf';
import { pdfText } from '../test/pdf-text';
import { renderDocument, streamDocument } from './render';

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
    const pdf = streamDocument('docketExport', head, batches(3, 400));
    let chunks = 0;
    pdf.on('data', () => chunks++);
    const text = await runs(await buffer(pdf));
    expect(text.slice(0, 4)).toEqual([head.title, 'Search: leeds', 'Docket No', 'Reference']);
    const dockets = text.filter((run) => /^\d+$/.test(run)).map(Number);
    expect(dockets).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(text.at(-1)).toBe('1200 bookings');
    // Sent as drawn: many pieces, not one file at the end.
    expect(chunks).toBeGreaterThan(3);
  });

  it('fails the stream with the error of its data, and stops drawing for a reader that went away', async () => {
    async function* failing() {
      yield* batches(1, 10);
      throw new Error('the database went away');
    }
    await expect(buffer(streamDocument('docketExport', head, failing()))).rejects.toThrow(
      'the database went away',
    );

    let stopped = false;
    async function* endless() {
      try {
        for (let p = 0; ; p++) yield* batches(1, 50);
      } finally {
        stopped = true;
      }
    }
    const pdf = streamDocument('docketExport', head, endless());
    await new Promise((resolve) => pdf.once('data', resolve));
    pdf.destroy();
    await expect.poll(() => stopped).toBe(true);
    // The worker draws the next document.
    expect((await runs(await renderDocument('reportTable', report))).at(-1)).toBe('2 rows');
  });
});
