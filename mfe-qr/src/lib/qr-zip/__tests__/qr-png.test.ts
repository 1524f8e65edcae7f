import { inflateSync } from 'node:zlib';
import { create } from 'qrcode';
// qrcode's own pixel mapping, which QRCode.toCanvas draws with.
import { getImageWidth, getOptions, qrToImageData } from 'qrcode/lib/renderer/utils';

import { encodeQrPng, qrScanlines } from '../qr-png';

const SIZE = 256;
const ROW_BYTES = SIZE / 8 + 1;

function isDark(scanlines: Uint8Array, x: number, y: number): boolean {
  const byte = scanlines[y * ROW_BYTES + 1 + (x >> 3)] as number;
  return (byte & (0x80 >> (x & 7))) === 0;
}

function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const found: Array<{ type: string; data: Uint8Array }> = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    found.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return found;
}

describe('qrScanlines', () => {
  it.each(['Ab3_xY-90qLmNoPz', 'short', 'a code of a larger QR version, 48 characters..'])(
    'draws %p pixel for pixel as qrcode draws it at 256 px',
    (code) => {
      const scanlines = qrScanlines(code, SIZE, 'H');
      const qr = create([{ data: new TextEncoder().encode(code), mode: 'byte' }], {
        errorCorrectionLevel: 'H',
      });
      const options = getOptions({ width: SIZE });
      // Rounding can make qrcode's own image a pixel short of 256; the PNG is always 256.
      const width = getImageWidth(qr.modules.size, options);
      const rgba = new Uint8ClampedArray(width * width * 4);
      qrToImageData(rgba, qr, options);
      for (let y = 0; y < width; y++) {
        expect(scanlines[y * ROW_BYTES]).toBe(0);
        for (let x = 0; x < width; x++) {
          const qrcodeDark = rgba[(y * width + x) * 4] === 0;
          if (isDark(scanlines, x, y) !== qrcodeDark) throw new Error(`pixel ${x},${y} differs`);
        }
      }
    },
  );
});

describe('encodeQrPng', () => {
  it('is a 256×256 1-bit greyscale PNG whose image data is the scanlines', () => {
    const png = encodeQrPng('Ab3_xY-90qLmNoPz', SIZE, 'H');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const [ihdr, idat, iend] = chunks(png);
    expect(ihdr?.type).toBe('IHDR');
    const header = new DataView(ihdr!.data.buffer, ihdr!.data.byteOffset, 13);
    expect([
      header.getUint32(0),
      header.getUint32(4),
      header.getUint8(8),
      header.getUint8(9),
    ]).toEqual([SIZE, SIZE, 1, 0]);
    expect(idat?.type).toBe('IDAT');
    expect(new Uint8Array(inflateSync(idat!.data))).toEqual(
      qrScanlines('Ab3_xY-90qLmNoPz', SIZE, 'H'),
    );
    expect(iend?.type).toBe('IEND');
  });
});
