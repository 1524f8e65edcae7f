/**
 * A small zlib (deflate) encoder for QR images: one block of fixed Huffman
 * codes, with back-references only to the byte before and to the row above.
 * A QR image is runs of one colour and rows repeated module after module, so
 * those two cover nearly all of it; and, unlike the browser's
 * CompressionStream, it costs no stream set-up per image (measured: that
 * set-up, not the compression, dominated the time per code).
 */
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const MIN_MATCH = 3;
const MAX_MATCH = 258;

function reverseBits(value: number, length: number): number {
  let reversed = 0;
  for (let i = 0; i < length; i++) reversed |= ((value >> i) & 1) << (length - 1 - i);
  return reversed;
}

// The fixed Huffman code of each literal/length symbol (RFC 1951, 3.2.6), bit-reversed
// because deflate writes Huffman codes from their most significant bit.
const LITERAL_CODE = new Uint16Array(288);
const LITERAL_BITS = new Uint8Array(288);
for (let symbol = 0; symbol < 288; symbol++) {
  const [code, bits] =
    symbol < 144
      ? [0x30 + symbol, 8]
      : symbol < 256
        ? [0x190 + symbol - 144, 9]
        : symbol < 280
          ? [symbol - 256, 7]
          : [0xc0 + symbol - 280, 8];
  LITERAL_CODE[symbol] = reverseBits(code, bits);
  LITERAL_BITS[symbol] = bits;
}

function indexOfBase(bases: number[], value: number): number {
  let index = bases.length - 1;
  while ((bases[index] as number) > value) index--;
  return index;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + (bytes[i] as number)) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib-wrapped deflate of `bytes`; `rowBytes` is the distance at which rows repeat. */
export function zlibDeflate(bytes: Uint8Array, rowBytes: number): Uint8Array {
  // Fixed codes spend at most 9 bits a byte, plus the header, end code and checksum.
  const out = new Uint8Array(Math.ceil((bytes.length * 9) / 8) + 16);
  let length = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  const write = (value: number, bits: number) => {
    bitBuffer |= value << bitCount;
    bitCount += bits;
    while (bitCount >= 8) {
      out[length++] = bitBuffer & 0xff;
      bitBuffer >>>= 8;
      bitCount -= 8;
    }
  };
  const symbol = (s: number) => write(LITERAL_CODE[s] as number, LITERAL_BITS[s] as number);

  out[length++] = 0x78; // deflate, 32 KiB window
  out[length++] = 0x01; // no dictionary, fastest level; (0x78 << 8 | 0x01) % 31 === 0
  write(1, 1); // final block
  write(1, 2); // fixed Huffman codes
  const distances = rowBytes > 1 ? [rowBytes, 1] : [1];
  for (let i = 0; i < bytes.length;) {
    let bestLength = 0;
    let bestDistance = 0;
    for (const distance of distances) {
      if (i < distance) continue;
      let n = 0;
      const limit = Math.min(MAX_MATCH, bytes.length - i);
      while (n < limit && bytes[i + n] === bytes[i + n - distance]) n++;
      if (n > bestLength) {
        bestLength = n;
        bestDistance = distance;
      }
    }
    if (bestLength < MIN_MATCH) {
      symbol(bytes[i] as number);
      i++;
      continue;
    }
    const lengthIndex = indexOfBase(LENGTH_BASE, bestLength);
    symbol(257 + lengthIndex);
    write(bestLength - (LENGTH_BASE[lengthIndex] as number), LENGTH_EXTRA[lengthIndex] as number);
    const distanceIndex = indexOfBase(DISTANCE_BASE, bestDistance);
    write(reverseBits(distanceIndex, 5), 5);
    write(
      bestDistance - (DISTANCE_BASE[distanceIndex] as number),
      DISTANCE_EXTRA[distanceIndex] as number,
    );
    i += bestLength;
  }
  symbol(256); // end of block
  if (bitCount > 0) write(0, 8 - bitCount);
  const checksum = adler32(bytes);
  out[length++] = checksum >>> 24;
  out[length++] = (checksum >>> 16) & 0xff;
  out[length++] = (checksum >>> 8) & 0xff;
  out[length++] = checksum & 0xff;
  return out.slice(0, length);
}
