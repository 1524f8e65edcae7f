import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';

import type { Db } from '../db/connect';
import { ValidationError } from '../errors';
import { insertMedia, mediaName } from '../repositories/media';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageKind = keyof typeof MEDIA_TYPES;

/** Larger sides are refused: a small file can declare a picture that takes gigabytes to decode. */
export const MAX_IMAGE_SIDE = 4096;
/** A stored logo fits inside this square: the panel never shows one larger. */
export const LOGO_BOX = 512;

export const ONLY_IMAGES = 'Upload a valid image (PNG, JPEG, GIF or WEBP).';

/** libvips' name for each kind, so a file is decoded as what its first bytes say. */
const SHARP_FORMATS: Record<ImageKind, string> = {
  png: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/** The image kind from the first bytes of the file; names and MIME types are not trusted. */
export function imageExtension(data: Buffer): ImageKind | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Whether the file runs to its format's end, so a logo cut short in upload
 * (or made to look like an image by its first bytes alone) is refused
 * instead of shown broken: PNG's chunks lead, each within the file, to
 * IEND; a JPEG's last scan is followed by its end marker (FF D9 cannot
 * occur inside scan data, and an embedded thumbnail's comes before the last
 * scan); a GIF's blocks lead to its trailer; WebP's RIFF size fits the file.
 * Bytes after the end are allowed, as decoders ignore them.
 */
export function isCompleteImage(data: Buffer, kind: ImageKind): boolean {
  switch (kind) {
    case 'png': {
      let at = 8;
      while (at + 12 <= data.length) {
        const length = data.readUInt32BE(at);
        const type = data.toString('latin1', at + 4, at + 8);
        if (at === 8 && type !== 'IHDR') return false;
        at += 12 + length;
        if (at > data.length) return false;
        if (type === 'IEND') return true;
      }
      return false;
    }
    case 'jpg': {
      const lastScan = data.lastIndexOf(Buffer.from([0xff, 0xda]));
      return lastScan > 0 && data.lastIndexOf(Buffer.from([0xff, 0xd9])) > lastScan;
    }
    case 'gif':
      return gifRunsToTrailer(data);
    case 'webp':
      return data.length >= 12 && data.readUInt32LE(4) + 8 <= data.length;
  }
}

/** Walks a GIF's colour tables and blocks: true when they reach the trailer (0x3B) within the file. */
function gifRunsToTrailer(data: Buffer): boolean {
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  // Data sub-blocks: a size byte, that many bytes, … until a size of 0.
  const afterSubBlocks = (from: number) => {
    let at = from;
    while (at < data.length) {
      const size = data[at] as number;
      at += 1 + size;
      if (size === 0) return at;
    }
    return -1;
  };
  if (data.length < 13) return false;
  let at = 13 + colourTable(data[10] as number);
  while (at >= 0 && at < data.length) {
    const block = data[at];
    if (block === 0x3b) return true;
    if (block === 0x21) at = afterSubBlocks(at + 2);
    else if (block === 0x2c && at + 10 < data.length) {
      at = afterSubBlocks(at + 10 + colourTable(data[at + 9] as number) + 1);
    } else return false;
  }
  return false;
}

function refuse(message: string): ValidationError {
  return new ValidationError(message, { logo: [message] });
}

/**
 * The uploaded logo, checked and drawn afresh: an image by its first bytes
 * and whole, at most MAX_IMAGE_SIDE on a side (read from its header, before
 * anything is decoded; libvips' pixel limit backs that up), then decoded,
 * turned upright, shrunk to fit LOGO_BOX and written as WebP. Writing it
 * anew drops its metadata (EXIF, GPS, ICC comments) and anything hidden
 * after or inside its data.
 */
export async function encodeLogo(data: Buffer): Promise<Buffer> {
  const kind = imageExtension(data);
  if (!kind || !isCompleteImage(data, kind)) throw refuse(ONLY_IMAGES);
  // libvips is loaded at the first logo, not with the app: most processes
  // (and every API test file but a few) never draw one.
  const { default: sharp } = await import('sharp');
  // The header alone: metadata() decodes no pixels, so no limit is needed to
  // learn, and say, how large the picture claims to be.
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== SHARP_FORMATS[kind]) throw refuse(ONLY_IMAGES);
  // An animation's frames are stacked in its height; only the first is kept.
  const height = meta.pageHeight ?? meta.height;
  if (meta.width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw refuse(
      `The logo may be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels; this one is ${meta.width} × ${height}.`,
    );
  }
  return sharp(data, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'error' })
    .rotate()
    .resize(LOGO_BOX, LOGO_BOX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90 })
    .toBuffer()
    .catch(() => {
      throw refuse(ONLY_IMAGES);
    });
}

/**
 * Stores a logo in the database under a generated name (so any API process
 * serves it) and answers its public path (/media/<name>).
 */
export async function saveLogo(db: Db, upload: Buffer): Promise<string> {
  const data = await encodeLogo(upload);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await insertMedia(db, { name, contentType: MEDIA_TYPES.webp, data });
  return `/media/${name}`;
}

/**
 * Removes a logo kept on this disk from before logos moved into the
 * database, once nothing points at it. Its database row, if any, goes in
 * the transaction that replaced it (deleteMedia).
 */
export async function removeUploadedFile(dataDir: string, url: string | null): Promise<void> {
  const name = mediaName(url);
  if (name) await rm(path.join(dataDir, 'uploads', name), { force: true });
}
