import path from 'node:path';
import { defineConfig } from '@playwright/test';

import CHROMIUM_ARGS from '../scripts/lib/chromium-args.json';
import { chromiumPath } from './fixtures/chromium-path';
import { PANEL_HOST_ALIAS } from './fixtures/panel-host';

// The browser tests start the whole system the way `npm start` does, on
// ports of their own and with a fresh data folder, so they never touch a
// developer's running panel or demo database.
const ROOT = path.resolve(__dirname, '..');
process.env.PANEL_PORT ??= '4000';
process.env.API_PORT ??= '8100';
process.env.DATA_DIR ??= path.join(ROOT, 'data', 'e2e');
process.env.DEPLOY_DIR ??= path.join(ROOT, 'data', 'e2e-deploy');
process.env.SUPPORT_CHAT_URL ??= 'https://chat.example.com/lending-panel';
// Every test logs a demo account in, all from 127.0.0.1: far more logins a
// minute than the API's default limits allow one account or one address.
for (const name of ['LOGIN', 'FORGET_PASSWORD', 'RESET_PASSWORD', 'REGISTER']) {
  process.env[`RATE_LIMIT_${name}_IP`] ??= '100000/1m';
  process.env[`RATE_LIMIT_${name}_ACCOUNT`] ??= '100000/1m';
  process.env[`RATE_LIMIT_${name}_ACCOUNT_IP`] ??= '100000/1m';
}
// Every page view sends a remote-load report; the release controller checks often.
process.env.RATE_LIMIT_REMOTE_LOADS_IP ??= '100000/1m';
process.env.RELEASE_CONTROLLER_INTERVAL_MS ??= '500';
// The panel under test accepts PANEL_HOST_ALIAS, which Chromium resolves to
// this machine, as one of its origins.
process.env.PANEL_ORIGINS ??= ['localhost', '127.0.0.1', PANEL_HOST_ALIAS]
  .map((host) => `http://${host}:${process.env.PANEL_PORT}`)
  .join(',');

const baseURL = `http://localhost:${process.env.PANEL_PORT}`;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  // One system under test with shared demo data: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${PANEL_HOST_ALIAS} 127.0.0.1`],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: ROOT,
    url: `${baseURL}/remotes.json`,
    // Locally, PANEL_PORT=3000 runs the tests against an already running `npm start`.
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
