// Builds the shell and every remote (`npm run build`); with --missing only
// those without a build yet (what `npm start` needs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { APP_NAMES, DIST, ROOT } from './lib/apps.mjs';

export function isBuilt(app) {
  const marker = app === 'shell' ? 'index.html' : 'mf-manifest.json';
  return existsSync(path.join(ROOT, app, DIST, marker));
}

export function buildApps({ onlyMissing = false } = {}) {
  for (const app of APP_NAMES) {
    if (onlyMissing && isBuilt(app)) continue;
    console.log(`Building ${app}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', app], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Build of ${app} failed`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildApps({ onlyMissing: process.argv.includes('--missing') });
}
