import { crc32, deflateSync } from 'node:zlib';

/**
 * A tiny PNG encoder (node:zlib's deflate and CRC-32; no dependency) and a picture of a name in
 * a slanted 5×7 pixel hand, for the demo data's signatures.
 */

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of 8-bit greyscale pixels, row by row (`pixels.length` = width × height; 0 black, 255 white). */
export function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 5×7 capitals, digits and a few marks: each glyph seven rows of five bits, most significant left. */
const FONT: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [30, 1, 1, 14, 1, 1, 30],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  '.': [0, 0, 0, 0, 0, 12, 12],
  '-': [0, 0, 0, 14, 0, 0, 0],
  "'": [4, 4, 8, 0, 0, 0, 0],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

/**
 * A PNG of `text` as a signature: capitals in a 5×7 hand, scaled `scale` times, slanted and
 * underlined with a stroke, black on white, 8 pixels of margin. Unknown characters are left blank.
 */
export function signaturePng(text: string, scale = 4): Buffer {
  const chars = [...text.toUpperCase()].slice(0, 40);
  const margin = 8;
  const slant = 4 * scale; // pixels the top row leans right of the bottom one
  const width = margin * 2 + chars.length * 6 * scale + slant;
  const height = margin * 2 + 10 * scale;
  const px = new Uint8Array(width * height).fill(255);
  const dot = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) px[y * width + x] = 20;
  };
  chars.forEach((c, i) => {
    const rows = FONT[c] ?? FONT[' ']!;
    for (let r = 0; r < 7; r++)
      for (let b = 0; b < 5; b++) {
        if (!(rows[r]! & (16 >> b))) continue;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const y = margin + r * scale + dy;
            const lean = Math.round(((7 * scale - (y - margin)) / (7 * scale)) * slant);
            dot(margin + (i * 6 + b) * scale + dx + lean, y);
          }
      }
  });
  // A flourish under the name: a gentle wave two pixels thick.
  const base = margin + 8 * scale;
  for (let x = margin; x < width - margin; x++) {
    const y = base + Math.round(Math.sin(x / (3 * scale)) * scale * 0.6);
    dot(x, y);
    dot(x, y + 1);
  }
  return encodeGreyPng(width, height, px);
}
