// Loaded only when the door page starts its camera (or makes itself ready to work offline): no other page
// carries this code or the reader below.
import { setZXingModuleOverrides, BarcodeDetector as ZXingDetector } from 'barcode-detector/ponyfill';
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the door page needs of a barcode detector: the browser's own, or ZXing's. */
export interface QrReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options?: { formats?: string[] }): QrReader;
  getSupportedFormats(): Promise<readonly string[]>;
}

/**
 * ZXing's WebAssembly comes from the product itself (a hashed file of the build, kept by the door page's
 * service worker), never from a CDN: a hall with no signal has no CDN, and the CSP allows only 'self'.
 */
setZXingModuleOverrides({
  locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? readerWasmUrl : prefix + file),
});

/** The browser's BarcodeDetector when it reads QR codes (Android, macOS, ChromeOS), else ZXing in WebAssembly. */
export async function makeQrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const formats = await native.getSupportedFormats().catch(() => [] as readonly string[]);
    if (formats.includes('qr_code')) return new native({ formats: ['qr_code'] });
  }
  return new ZXingDetector({ formats: ['qr_code'] });
}

/** Fetches the reader's WebAssembly now, so that the service worker keeps it for a visit with no connection. */
export async function keepReaderForOffline(): Promise<void> {
  await fetch(readerWasmUrl, { credentials: 'same-origin' }).then((response) => response.arrayBuffer());
}
