import { readFileSync, rmSync } from 'node:fs';

import { RESTARTED_PIDS } from './fixtures/system';

/** Stops the remote servers the tests restarted themselves (npm start's own stop with it). */
export default function globalTeardown() {
  let pids: number[];
  try {
    pids = readFileSync(RESTARTED_PIDS, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(RESTARTED_PIDS, { force: true });
}
