import { deflateSync, inflateSync } from 'node:zlib';

import { encodeQrPng, qrScanlines } from '../../qr-zip/qr-png';
import { pngImageData } from '../png-image-data';

/** A PNG of the given IHDR fields around `rows`, written the plain way (one IDAT chunk, no CRC check needed here). */
function png(width: number, depth: number, colour: number, rows: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    out.set(data, 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = depth;
  header[9] = colour;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

describe('pngImageData', () => {
  it("gives a QR PNG's size and its deflated 1-bit rows", () => {
    const image = pngImageData(encodeQrPng('abcdefghijklmnop', 256, 'H'));
    expect([image.width, image.height]).toEqual([256, 256]);
    expect(Buffer.from(inflateSync(image.deflated))).toEqual(
      Buffer.from(qrScanlines('abcdefghijklmnop', 256, 'H')),
    );
  });

  it('refuses what a 1-bit grey image stream cannot show as it is', () => {
    expect(() => pngImageData(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toThrow(
      'Not a PNG image',
    );
    // 8-bit RGB: its rows would be drawn as noise.
    expect(() => pngImageData(png(2, 8, 2, new Uint8Array(14)))).toThrow(
      'Expected a 1-bit greyscale, non-interlaced PNG',
    );
    expect(pngImageData(png(8, 1, 0, new Uint8Array(16))).width).toBe(8);
  });
});
