// Loaded with import() when the camera opens, never with the page: the
// ZXing fallback and its WebAssembly weigh far more than the rest of the
// counter, and only a user who films a label needs them.
import type { BarcodeDetector } from 'barcode-detector/ponyfill';

export interface CodeReader {
  /** The text of a QR code seen in the frame, or null. */
  read: (frame: HTMLVideoElement) => Promise<string | null>;
}

function readerOf(detector: BarcodeDetector): CodeReader {
  return {
    read: async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null,
  };
}

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on
 * Android, Safari), else the barcode-detector ponyfill on zxing-wasm. Its
 * .wasm file is emitted by this remote's build and fetched from the remote's
 * own server, never from the CDN the ponyfill defaults to: the panel works
 * offline and under its Content-Security-Policy.
 */
export async function createCodeReader(): Promise<CodeReader> {
  const native = (window as { BarcodeDetector?: typeof BarcodeDetector }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code')) {
        return readerOf(new native({ formats: ['qr_code'] }));
      }
    } catch {
      // A BarcodeDetector that cannot list its formats: the ponyfill reads instead.
    }
  }
  const { BarcodeDetector: Ponyfill, setZXingModuleOverrides } =
    await import('barcode-detector/ponyfill');
  const wasm = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
  });
  return readerOf(new Ponyfill({ formats: ['qr_code'] }));
}
