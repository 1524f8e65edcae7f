import { readFileSync, rmSync } from 'node:fs';

import { restartedPidsFile } from './fixtures/system';
import { SYSTEM_COUNT, systemEnv } from './systems';

/** Stops the remote servers the tests restarted themselves (npm start's own stop with it), in every system. */
export default function globalTeardown() {
  for (let index = 0; index < SYSTEM_COUNT; index += 1) {
    const file = restartedPidsFile(systemEnv(index).DATA_DIR);
    let pids: number[];
    try {
      pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      continue;
    }
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(file, { force: true });
  }
}
