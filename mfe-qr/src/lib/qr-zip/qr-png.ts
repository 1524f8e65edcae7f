import { create } from 'qrcode';

import { zlibDeflate } from './zlib-deflate';

/**
 * One QR code as a PNG file, encoded straight from the QR matrix: no canvas,
 * so it runs in a worker without OffscreenCanvas and costs a fraction of
 * drawing and re-encoding RGBA pixels. The image is 1-bit greyscale; its
 * geometry is qrcode's own (4-module quiet zone, `scale = size / (modules + 8)`),
 * so it matches what QRCode.toCanvas draws at the same width.
 */
const QUIET_ZONE_MODULES = 4;
const UTF8 = new TextEncoder();
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) {
    crc = (CRC_TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Bytes per image row: the filter-type byte and one bit per pixel. */
function rowBytes(sizePx: number): number {
  return Math.ceil(sizePx / 8) + 1;
}

/** Rows of 1-bit pixels (0 = dark), each led by PNG filter type 0, ready to deflate. */
export function qrScanlines(code: string, sizePx: number, errorCorrectionLevel: 'H'): Uint8Array {
  // One byte-mode segment: the codes are base64url, so byte mode it would be
  // anyway, and skipping qrcode's segment optimiser (a shortest-path search
  // per code) more than halves the time per code.
  const { modules } = create([{ data: UTF8.encode(code), mode: 'byte' }], {
    errorCorrectionLevel,
  });
  const size = modules.size;
  const scale = sizePx / (size + QUIET_ZONE_MODULES * 2);
  const margin = QUIET_ZONE_MODULES * scale;
  // qrcode's own image edge, which rounding can put a pixel inside sizePx: beyond it is light.
  const symbolSize = Math.floor((size + QUIET_ZONE_MODULES * 2) * scale);
  const rowLength = rowBytes(sizePx);
  const out = new Uint8Array(rowLength * sizePx).fill(0xff);
  // Which module column each pixel column falls in (-1 = quiet zone), computed once.
  const columnModule = new Int16Array(sizePx);
  for (let x = 0; x < sizePx; x++) {
    columnModule[x] =
      x >= margin && x < symbolSize - margin ? Math.floor((x - margin) / scale) : -1;
  }
  let previousModuleRow = -2;
  for (let y = 0; y < sizePx; y++) {
    const rowStart = y * rowLength;
    out[rowStart] = 0;
    const moduleRow =
      y >= margin && y < symbolSize - margin ? Math.floor((y - margin) / scale) : -1;
    if (moduleRow === previousModuleRow) {
      // Pixel rows of one module row are identical: copy the one above.
      out.copyWithin(rowStart, rowStart - rowLength, rowStart);
      continue;
    }
    previousModuleRow = moduleRow;
    if (moduleRow < 0) continue;
    for (let x = 0; x < sizePx; x++) {
      const moduleColumn = columnModule[x] as number;
      if (moduleColumn >= 0 && modules.data[moduleRow * size + moduleColumn]) {
        const byte = rowStart + 1 + (x >> 3);
        out[byte] = (out[byte] as number) & ~(0x80 >> (x & 7));
      }
    }
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** A `sizePx` × `sizePx` PNG of `code` at the given error-correction level. */
export function encodeQrPng(code: string, sizePx: number, errorCorrectionLevel: 'H'): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, sizePx);
  view.setUint32(4, sizePx);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: greyscale
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', zlibDeflate(qrScanlines(code, sizePx, errorCorrectionLevel), rowBytes(sizePx))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
