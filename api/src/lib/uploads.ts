import { randomBytes } from 'node:crypto';

import type { Db } from '../db/connect';
import { insertMedia } from '../repositories/media';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageKind = keyof typeof MEDIA_TYPES;

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
 * Stores the image in the database under a generated name (so any API
 * process serves it) and answers its public path (/media/<name>).
 */
export async function saveImage(db: Db, data: Buffer, ext: ImageKind): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await insertMedia(db, { name, contentType: MEDIA_TYPES[ext], data });
  return `/media/${name}`;
}
