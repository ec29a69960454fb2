import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** index.html as Vite builds it: the entry module, its chunks preloaded, the stylesheet. */
export const VITE_INDEX =
  '<!doctype html><html><head><title>Courier Portal</title>' +
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">' +
  '</head><body><div id="root"></div></body></html>';

/** A built web app as Vite and vite-plugin-compression2 write it: files over 1 KB have .br and .gz. */
export function fakeDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), 'courier-dist-'));
  mkdirSync(join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('courier '.repeat(400))});`;
  const html = `<!doctype html><html><head><title>Courier Portal</title>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
  const files: Record<string, string> = { 'assets/index-DlHYX_CF.js': script, 'index.html': html };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite/route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/LoginPage-AbCdEfGh.js', '/assets/LoginPage-AbCdEfGh.css'],
      '/home': [],
    }),
  );
  return { dir, script };
}
