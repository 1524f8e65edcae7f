/** A PNG's pixels as a PDF image stream takes them, without decoding them. */
export interface PngImageData {
  width: number;
  height: number;
  /** The concatenated IDAT data: zlib-compressed rows, each led by its PNG filter byte. */
  deflated: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image data of a 1-bit greyscale, non-interlaced PNG (the QR workers'
 * images, lib/qr-zip/qr-png.ts). Those IDAT bytes are a valid PDF image
 * stream as they are (FlateDecode with PNG predictors), so a label embeds the
 * zip's very image; pdf-lib's embedPng would inflate each one to RGB and
 * deflate it again. Any other PNG is refused rather than drawn wrong.
 */
export function pngImageData(png: Uint8Array): PngImageData {
  if (SIGNATURE.some((byte, i) => png[i] !== byte)) throw new Error('Not a PNG image');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const parts: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  for (let at = SIGNATURE.length; at + 8 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colour, , , interlace] = data.subarray(8);
      if (depth !== 1 || colour !== 0 || interlace !== 0) {
        throw new Error('Expected a 1-bit greyscale, non-interlaced PNG');
      }
    } else if (type === 'IDAT') {
      parts.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (width === 0 || parts.length === 0) throw new Error('The PNG has no image data');
  const deflated = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    deflated.set(part, offset);
    offset += part.length;
  }
  return { width, height, deflated };
}
