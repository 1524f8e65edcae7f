// The system the browser tests run against: `npm start` on a fresh data and
// deploy folder (Playwright passes the ports and folders in the environment).
import { rmSync } from 'node:fs';

import { DATA_DIR, DEPLOY_DIR } from './lib/apps.mjs';

rmSync(DATA_DIR, { recursive: true, force: true });
rmSync(DEPLOY_DIR, { recursive: true, force: true });
await import('./start.mjs');
