import { defineConfig } from '@playwright/test';

import CHROMIUM_ARGS from '../scripts/lib/chromium-args.json';
import { chromiumPath } from './fixtures/chromium-path';
import { PANEL_HOST_ALIAS } from './fixtures/panel-host';
import { SYSTEM_COUNT, SYSTEM_INDEX, systemEnv } from './systems';

// The browser tests start the whole system the way `npm start` does, on
// ports of their own and with a fresh data folder, so they never touch a
// developer's running panel or demo database: one system per worker
// (systems.ts), all started at once by global-setup.ts.
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
// The fixtures and the release command a test runs read this process's system from here.
Object.assign(process.env, systemEnv(SYSTEM_INDEX));

const baseURL = `http://localhost:${process.env.PANEL_PORT}`;

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // A worker's tests run one at a time against its own system, file by file.
  workers: SYSTEM_COUNT,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // As a user who asks for reduced motion: the dashboard's figures and
    // charts show their values at once instead of counting up for 2 s (a
    // React render every 10 ms and a chart redrawn each frame, about a CPU
    // second per dashboard view, most of them in tests about something
    // else), and skeletons do not shimmer. dashboard.spec.ts, the tests of
    // the dashboard itself, keep the default motion.
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with the page's DOM as it
    // was. Not in CI, where a failure is told by its error, its call log and
    // error-context.md (the page as the accessibility tree saw it): recording
    // cost 10 % of a test's time, 30 % of an axe run's (it records the script
    // axe injects on each run). `--trace retain-on-failure` brings it back.
    // Never the screencast, nor the screenshot Playwright takes of every test
    // in case it fails: they cost a tenth of the time and show nothing the
    // DOM snapshots do not.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${PANEL_HOST_ALIAS} 127.0.0.1`],
    },
  },
});
