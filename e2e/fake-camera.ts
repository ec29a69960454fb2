import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a Code 128 label of
 * `text` (drawn by bwip-js) on white paper, 640×480, in the YUV4MPEG2 format Chromium reads (4:2:0,
 * grey: only the luma plane carries the picture). Answers the file's path.
 */
export async function barcodeVideo(text: string): Promise<string> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({
      bcid: 'code128',
      text,
      scale: 3,
      height: 18,
      includetext: true,
      paddingwidth: 10,
    }),
  );
  if (png.width > WIDTH || png.height > HEIGHT) throw new Error(`Barcode ${png.width}×${png.height} too big`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const alpha = png.data[i + 3]! / 255;
      const grey = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (alpha * grey + (1 - alpha) * 255) * (219 / 255));
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const path = join(mkdtempSync(join(tmpdir(), 'courier-camera-')), 'barcode.y4m');
  writeFileSync(path, Buffer.concat([header, frame, frame]));
  return path;
}
