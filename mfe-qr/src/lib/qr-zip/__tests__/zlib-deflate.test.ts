import { inflateSync } from 'node:zlib';

import { qrScanlines } from '../qr-png';
import { zlibDeflate } from '../zlib-deflate';

describe('zlibDeflate', () => {
  it('round-trips a QR image through zlib and makes it much smaller', () => {
    const scanlines = qrScanlines('Ab3_xY-90qLmNoPz', 256, 'H');
    const deflated = zlibDeflate(scanlines, 33);
    expect(new Uint8Array(inflateSync(deflated))).toEqual(scanlines);
    expect(deflated.length).toBeLessThan(scanlines.length / 3);
  });

  it.each([0, 1, 2, 3, 258, 259, 5000])('round-trips %p arbitrary bytes', (size) => {
    let seed = size + 1;
    const bytes = Uint8Array.from({ length: size }, (_, i) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      // Runs and repeats as well as noise, so every kind of match is exercised.
      return i % 97 < 40 ? 0xff : i % 7 === 0 ? i & 0xff : seed >>> 24;
    });
    expect(new Uint8Array(inflateSync(zlibDeflate(bytes, 33)))).toEqual(bytes);
  });
});
