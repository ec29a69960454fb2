import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What a reader finds in one video frame: the barcode's text. */
export interface FoundBarcode {
  rawValue: string;
}

/** Reads barcodes from a video frame (the Barcode Detection API's shape). */
export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<FoundBarcode[]>;
}

/**
 * The symbologies a courier's parcels carry: linear labels (Code 128, Code 39, EAN/UPC, ITF) and
 * the 2-D codes of carriers' labels (QR, Data Matrix, PDF417).
 */
export const PARCEL_FORMATS = [
  'code_128',
  'code_39',
  'ean_13',
  'ean_8',
  'upc_a',
  'itf',
  'qr_code',
  'data_matrix',
  'pdf417',
] as const;

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * A barcode reader for the driver's camera (issue 10 §2): the browser's own BarcodeDetector where it
 * has one that reads Code 128 (Chrome on Android), else the `barcode-detector` polyfill (ZXing-C++ as
 * WebAssembly, ~1 MB, fetched from our own server the first time a driver opens the camera: never
 * from a CDN). Loaded lazily: nothing of it is in the driver page's first load.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    const formats = PARCEL_FORMATS.filter((f) => supported.includes(f));
    if (formats.includes('code_128')) return new native({ formats });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetched and compiled now, so that a failure (offline, blocked) shows before the camera opens.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? zxingReaderWasm : prefix + path,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...PARCEL_FORMATS] });
}
