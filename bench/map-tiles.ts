import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** Starts the tile server on a free port. */
export async function startTileServer(): Promise<TileServer> {
  const body = tile();
  const server = createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
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
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    bytes: body.length,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
