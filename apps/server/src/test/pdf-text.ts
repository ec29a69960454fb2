import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page of a PDF, as a reader's copy and paste would give it (Mozilla's pdf.js):
 * page by page, each text run on its own line (empty runs, pdf.js's line ends, left out). For tests that check what a document says, whatever
 * font and encoding it is written in.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const runs = content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
      pages.push(runs.join('\n'));
    }
    return pages.join('\n');
  } finally {
    await task.destroy();
  }
}

/** How many pages a PDF has (pdf.js). */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}
