// `npm test`: every check the project has, in order, stopping at the first
// failure: lint, type checks, unit and component tests, API tests (SQLite,
// and PostgreSQL when it can be had), a build and its size budget, browser
// tests against the system started as `npm start` starts it.
//   npm test -- --only unit,api     run some steps
// Lint, type checks, the build with its budget and the unit tests run side
// by side (each its own `--only` child, its output printed whole when it
// ends): none measures time, and the unit tests spend much of theirs waiting
// on the spec's real delays, which leaves a core to the others (the unit
// config gives each test 30 s, not Jest's 5, for this). The API and browser
// tests then run each alone: each fills both cores by itself.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * The type checks, two at a time (a tsc is one thread), the longest first;
 * every one runs, and any failure fails the step. The shell, the remotes
 * and shared have the same compiler options, so one program checks them
 * all (tsconfig.web.json) and React's and the DOM's types are read once,
 * not once per workspace; each other workspace's `check-types` runs as is.
 */
async function checkTypes() {
  const web = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.web.json'), 'utf8'));
  const inWeb = new Set(web.include.map((dir) => dir.split('/')[0]));
  const order = ['api', 'bench', 'panel-server', 'e2e'];
  const all = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
  const rest = all.filter((w) => !inWeb.has(w));
  const queue = [
    ['front end', ['npx', 'tsc', '-p', 'tsconfig.web.json']],
    ...[...order.filter((w) => rest.includes(w)), ...rest.filter((w) => !order.includes(w))].map(
      (w) => [w, ['npm', 'run', 'check-types', '--if-present', '-w', w]],
    ),
  ];
  let ok = true;
  const next = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [name, [command, ...args]] = item;
      const code = await new Promise((resolve) =>
        spawn(command, args, { cwd: ROOT, stdio: 'inherit' }).on('close', resolve),
      );
      if (code !== 0) {
        console.error(`Type check of ${name} failed.`);
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

/** Runs one step here, its output going straight to this process's. */
async function runStep(name) {
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
  return ok;
}

/** Runs one step as `test.mjs --only <name>`, its output kept and printed whole when it ends. */
function runStepApart(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--only', name], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const SIDE_BY_SIDE = ['lint', 'types', 'budget', 'unit'];
const together = chosen.filter((name) => SIDE_BY_SIDE.includes(name));
const alone = chosen.filter((name) => !SIDE_BY_SIDE.includes(name));

const started = Date.now();
if (together.length > 1) {
  console.log(`\n=== ${together.join(', ')}: side by side, each printed when it ends ===`);
  const results = await Promise.all(together.map(runStepApart));
  if (results.includes(false)) process.exit(1);
  // The budget step's child built the apps, so the browser tests use that build.
  if (together.includes('budget')) built = true;
} else if (together.length === 1 && !(await runStep(together[0]))) process.exit(1);
for (const name of alone) {
  if (!(await runStep(name))) process.exit(1);
}
console.log(
  `\nAll test steps passed (${chosen.join(', ')}) in ${Math.round((Date.now() - started) / 1000)} s.`,
);
