// The build's precompression (shared/build/precompress-plugin.cjs) on a
// folder written here: what the static servers send must decompress to the
// very file, and the gzip must be Zopfli's (smaller than zlib's best).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { precompressFolder } from '../../shared/build/precompress-plugin.cjs';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Script-like text of about `bytes` bytes that compresses the way code does. */
function scriptText(bytes: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < bytes; i++) {
    lines.push(
      `export function handler${i}(event){return event.value*${i % 7}+"${(i * 7919) % 1000}";}`,
    );
  }
  return lines.join('\n');
}

test('a text file gets a .br and a .gz that decompress to it, the gzip smaller than zlib level 9', async () => {
  const text = scriptText(40_000);
  mkdirSync(path.join(dir, '1.0.0'));
  const file = path.join(dir, '1.0.0', 'main.0123456789.js');
  writeFileSync(file, text);

  await precompressFolder(dir);

  const gz = readFileSync(`${file}.gz`);
  expect(zlib.gunzipSync(gz).toString()).toBe(text);
  expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
  expect(gz.length).toBeLessThan(zlib.gzipSync(text, { level: 9 }).length);
});

test('files under 1 kB and files that are not text are left alone', async () => {
  writeFileSync(path.join(dir, 'tiny.js'), 'export const a = 1;');
  writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));

  await precompressFolder(dir);

  for (const name of ['tiny.js', 'logo.png']) {
    expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
  }
});
