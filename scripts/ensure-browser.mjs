// Finds the Chromium the browser tests drive, or provides one: Debian's
// package when it is installed, else the binary that the npm package
// @sparticuz/chromium carries (no download from anywhere else). The path is
// recorded in data/chromium-path for e2e/fixtures/chromium-path.ts.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './lib/apps.mjs';

const recorded = path.join(ROOT, 'data', 'chromium-path');

export async function ensureBrowser() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH))
    return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  const executable = await packaged.executablePath();
  mkdirSync(path.dirname(recorded), { recursive: true });
  writeFileSync(recorded, executable);
  return executable;
}

// No top-level await: the bench's TypeScript (CommonJS) requires this module.
if (import.meta.url === `file://${process.argv[1]}`) {
  void ensureBrowser().then((executable) => console.log(`Chromium: ${executable}`));
}
