// `npm test`: every check the project has, in order, stopping at the first
// failure: lint, type checks, unit and component tests, API tests (SQLite,
// and PostgreSQL when it can be had), a build and its size budget, browser
// tests against the system started as `npm start` starts it.
//   npm test -- --only unit,api     run some steps
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT } from './lib/apps.mjs';
import { buildApps } from './build-all.mjs';
import { runBudgetCheck } from './check-weight.mjs';
import { ensureBrowser } from './ensure-browser.mjs';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** PostgreSQL for the API suite: PG_TEST_URL if given, else the local cluster when there is one. */
function postgresUrl() {
  if (process.env.PG_TEST_URL) return process.env.PG_TEST_URL;
  const setup = spawnSync('bash', ['scripts/setup-postgres.sh'], { cwd: ROOT, encoding: 'utf8' });
  if (setup.status === 0) return setup.stdout.trim();
  const message =
    'PostgreSQL is not available here: the API suite runs on SQLite only (set PG_TEST_URL to add PostgreSQL).';
  if (process.env.CI) throw new Error(message);
  console.warn(message);
  return undefined;
}

// Test what the source is now, not a build left from earlier; once per run.
let built = false;
function buildOnce() {
  if (built) return;
  buildApps();
  built = true;
}

/**
 * The workspaces' type checks (`npm run check-types` of each), two at a
 * time (a tsc is one thread), the longest first; every one runs, and any
 * failure fails the step.
 */
async function checkTypes() {
  const order = ['mfe-qr', 'api', 'mfe-shops', 'mfe-counter', 'mfe-dashboard', 'bench'];
  const all = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
  const queue = [...order.filter((w) => all.includes(w)), ...all.filter((w) => !order.includes(w))];
  let ok = true;
  const next = async () => {
    for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
      const code = await new Promise((resolve) =>
        spawn('npm', ['run', 'check-types', '--if-present', '-w', workspace], {
          cwd: ROOT,
          stdio: 'inherit',
        }).on('close', resolve),
      );
      if (code !== 0) {
        console.error(`Type check of ${workspace} failed.`);
        ok = false;
      }
    }
  };
  await Promise.all([next(), next()]);
  return ok;
}

// Jest's default on two cores is one worker; the API's files mostly wait on
// the database and HTTP, so three run side by side (each on a database of
// its own: api/test/global-setup-postgres.cjs).
const STEPS = {
  lint: () => run('npm', ['run', 'lint']),
  types: checkTypes,
  unit: () => run('npx', ['jest', '--ci', '--maxWorkers', '2']),
  api: () => {
    const pg = postgresUrl();
    return run(
      'npm',
      ['test', '-w', 'api', '--', '--ci', '--maxWorkers', '3'],
      pg ? { PG_TEST_URL: pg } : {},
    );
  },
  // The size budget of the built files (issue 14): no browser, no timing.
  budget: () => {
    buildOnce();
    return runBudgetCheck();
  },
  e2e: async () => {
    await ensureBrowser();
    buildOnce();
    return run('npm', ['test', '-w', 'e2e']);
  },
};

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const chosen = values.only ? values.only.split(',') : Object.keys(STEPS);
const unknown = chosen.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${Object.keys(STEPS).join(', ')}`);
  process.exit(2);
}

const started = Date.now();
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const stepStart = Date.now();
  let ok;
  try {
    ok = await STEPS[name]();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    ok = false;
  }
  console.log(
    `=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - stepStart) / 1000)} s ===`,
  );
  if (!ok) process.exit(1);
}
console.log(
  `\nAll test steps passed (${chosen.join(', ')}) in ${Math.round((Date.now() - started) / 1000)} s.`,
);
