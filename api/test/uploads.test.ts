import { readFileSync } from 'node:fs';
import path from 'node:path';

import { imageExtension, isCompleteImage, type ImageKind } from '../src/lib/uploads';
import { PNG } from './helpers';

/*
 * A logo is checked by its content: an image kind by its first bytes, and
 * whole (isCompleteImage). The JPEG and WebP were drawn by Chromium's
 * canvas, the GIF is the classic 1×1.
 */
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures/images', name));

const IMAGES: Array<[ImageKind, Buffer]> = [
  ['png', PNG],
  ['jpg', fixture('logo.jpg')],
  ['gif', fixture('logo.gif')],
  ['webp', fixture('logo.webp')],
];

describe.each(IMAGES)('a %s logo', (kind, image) => {
  it('is recognised and whole', () => {
    expect(imageExtension(image)).toBe(kind);
    expect(isCompleteImage(image, kind)).toBe(true);
  });

  it('is refused when cut short anywhere past its first bytes', () => {
    const accepted = [];
    for (let length = 12; length < image.length; length++) {
      if (isCompleteImage(image.subarray(0, length), kind)) accepted.push(length);
    }
    expect(accepted).toEqual([]);
  });

  it('is still accepted with bytes after its end', () => {
    expect(isCompleteImage(Buffer.concat([image, Buffer.alloc(64)]), kind)).toBe(true);
  });
});
