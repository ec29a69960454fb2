import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeGreyPng } from '../apps/server/src/lib/png';

/**
 * A map tile server on 127.0.0.1 for bench:web, which has no internet: every /{z}/{x}/{y}.png is
 * the same 256×256 picture of about 10 KB (blocks, two roads and a texture; an OpenStreetMap tile
 * is typically 5–30 KB), cached for a day as OpenStreetMap's are. Without it the tracking page's
 * tiles fail, the browser logs each failure, and Lighthouse takes best practices down for errors
 * that a user online never sees.
 */
export interface TileServer {
  /** The MAP_TILE_URL template of this server. */
  url: string;
  /** Bytes of each tile. */
  bytes: number;
  close(): Promise<void>;
}

/** One 256×256 greyscale tile, the same on every run (a fixed pseudo-random texture). */
function tile(): Buffer {
  const size = 256;
  const pixels = new Uint8Array(size * size);
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let v = ((x * 7 + y * 3) >> 5) % 5 === 0 ? 214 : 236;
      if (Math.abs(x - y * 0.6 - 40) < 3 || Math.abs(y - 150 - Math.sin(x / 30) * 20) < 4) v = 255;
      if (random() < 0.08) v -= 12;
      pixels[y * size + x] = v;
    }
  return encodeGreyPng(size, size, pixels);
}

/**
 * A certificate for 127.0.0.1 and its key (PEM), self-signed for a day by openssl (Debian's, as CI
 * and this machine have it): the browser is told to take it (Chromium's --ignore-certificate-errors).
 */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tiles-'));
  try {
    // prettier-ignore
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the tile server on a free port: HTTP/1.1 in the clear by default, or `'h2'`, HTTP/2 over
 * TLS as OpenStreetMap's tile servers answer (one connection carries every tile, where HTTP/1.1
 * opens six at most and the seventh tile in view waits for one of them).
 */
export async function startTileServer(protocol: 'http1' | 'h2' = 'http1'): Promise<TileServer> {
  const body = tile();
  // What both servers' requests and answers have in common, for one handler.
  const answer = (
    req: { url?: string },
    res: {
      writeHead(status: number, headers?: Record<string, string | number>): { end(body: Buffer): void };
    },
  ): void => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end(Buffer.alloc(0));
      return;
    }
    res
      .writeHead(200, {
        'content-type': 'image/png',
        'content-length': body.length,
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      })
      .end(body);
  };
  const server =
    protocol === 'h2' ? createSecureServer(selfSignedCertificate(), answer) : createServer(answer);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${protocol === 'h2' ? 'https' : 'http'}://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    bytes: body.length,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
