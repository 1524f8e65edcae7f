import path from 'node:path';

import { PANEL_HOST_ALIAS } from './fixtures/panel-host';

// The browser tests run on E2E_WORKERS Playwright workers (2 by default),
// each against a whole system of its own (API, shell, remotes, data and
// deploy folder), so tests that change shared state never see each other:
// within one system the tests run one at a time, as before. System n listens
// 10 ports above system n - 1 (a system takes PANEL_PORT to PANEL_PORT + 6)
// and keeps its folders beside the first system's, suffixed `-n`.

const ROOT = path.resolve(__dirname, '..');

export const SYSTEM_COUNT = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

// What the first system takes, from the environment the run was started with.
// Kept under names of their own: a worker's process.env is its own system's.
process.env.E2E_FIRST_PANEL_PORT ??= process.env.PANEL_PORT ?? '4000';
process.env.E2E_FIRST_API_PORT ??= process.env.API_PORT ?? '8100';
process.env.E2E_FIRST_DATA_DIR ??= path.resolve(ROOT, process.env.DATA_DIR ?? 'data/e2e');
process.env.E2E_FIRST_DEPLOY_DIR ??= path.resolve(
  ROOT,
  process.env.DEPLOY_DIR ?? 'data/e2e-deploy',
);

/** The environment that points `npm start` and the fixtures at system `index`. */
export function systemEnv(index: number) {
  const suffix = index === 0 ? '' : `-${index}`;
  const panelPort = Number(process.env.E2E_FIRST_PANEL_PORT) + 10 * index;
  return {
    PANEL_PORT: String(panelPort),
    API_PORT: String(Number(process.env.E2E_FIRST_API_PORT) + 10 * index),
    DATA_DIR: `${process.env.E2E_FIRST_DATA_DIR}${suffix}`,
    DEPLOY_DIR: `${process.env.E2E_FIRST_DEPLOY_DIR}${suffix}`,
    // The panel under test accepts PANEL_HOST_ALIAS, which Chromium resolves
    // to this machine, as one of its origins.
    PANEL_ORIGINS: ['localhost', '127.0.0.1', PANEL_HOST_ALIAS]
      .map((host) => `http://${host}:${panelPort}`)
      .join(','),
  };
}

/**
 * The system this process tests: a worker's by its parallel index (a worker
 * started again after a failure keeps its index), the first in the runner.
 */
export const SYSTEM_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
