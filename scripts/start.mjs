// `npm start`: builds what is missing, starts the API (it migrates and seeds
// demo data into an empty database), the shell and every remote, then prints
// the URLs and demo logins. `npm run dev` (--dev) rebuilds apps on change.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  API_PORT,
  APP_NAMES,
  DATA_DIR,
  HOST,
  PANEL_PORT,
  REMOTES,
  ROOT,
  RUN_DIR,
} from './lib/apps.mjs';
import { portProblems } from './lib/ports.mjs';
import { buildApps, isBuilt } from './build-all.mjs';

const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
/** One app's server (panel-server/, TypeScript run through tsx): then the app's name. */
const SERVE_APP = ['--import', 'tsx', 'panel-server/src/serve-app.ts'];
const dev = process.argv.includes('--dev');
const children = new Set();
let stopping = false;
// Until everything has started, any server that stops stops the panel: a
// remote that cannot listen is a start that failed, not a page to retry.
let running = false;

/** An API that stops after running this long is started again; sooner, it stops the panel. */
const API_RESTART_AFTER_MS = 10_000;

function run(
  name,
  command,
  args,
  { env = {}, critical = true, cwd = ROOT, onRestart = null } = {},
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, DATA_DIR, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const startedAt = Date.now();
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    // As a process manager would: open panels reconnect to the new one.
    if (onRestart && running && Date.now() - startedAt >= API_RESTART_AFTER_MS) {
      console.warn(`${name} stopped (${signal ?? code}); starting it again.`);
      onRestart(run(name, command, args, { env, critical, cwd, onRestart }));
      return;
    }
    // A stopped remote leaves the rest running: the shell shows its fallback.
    if (critical || !running) {
      console.error(`${name} stopped (${signal ?? code}); stopping the panel.`);
      stop(1);
    } else {
      console.warn(`${name} stopped (${signal ?? code}).`);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** The API's `npm start` command line (api/package.json), run by this Node without npm. */
function apiStartArgs() {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error('api/package.json: "start" must run node');
  return args;
}

async function waitForHttp(url, label, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${label} did not start at ${url}`);
}

async function main() {
  const problems = await portProblems(
    [
      { port: API_PORT, what: 'the API, API_PORT' },
      { port: PANEL_PORT, what: 'the shell, PANEL_PORT' },
      ...REMOTES.map((r) => ({ port: r.port, what: `${r.pkg}, PANEL_PORT + ${r.offset}` })),
    ],
    HOST,
  );
  if (problems.length > 0) {
    throw new Error(`The panel cannot start:\n  ${problems.join('\n  ')}`);
  }

  if (dev) {
    for (const app of APP_NAMES) {
      run(`${app} watch`, 'npx', ['rspack', 'build', '--watch'], {
        cwd: path.join(ROOT, app),
        env: { NODE_ENV: 'development' },
        critical: false,
      });
    }
  } else {
    buildApps({ onlyMissing: true });
  }

  // Request logs would bury the URLs printed below; API_LOG=on brings them back.
  // The API runs as a child of this process, not behind npm and a shell,
  // so stopping it stops it (a wrapper could die and leave it running).
  const apiArgs = dev ? [TSX_CLI, 'watch', 'src/server.ts'] : apiStartArgs();
  // Its pid is kept, so a browser test can stop it as a crash would.
  mkdirSync(RUN_DIR, { recursive: true });
  const notePid = (child) => writeFileSync(path.join(RUN_DIR, 'api.pid'), String(child.pid));
  const api = run('api', process.execPath, apiArgs, {
    onRestart: notePid,
    cwd: path.join(ROOT, 'api'),
    env: {
      API_PORT: String(API_PORT),
      API_LOG: process.env.API_LOG ?? 'off',
      // The shell's proxy on this machine sets X-Forwarded-For to the browser's
      // address, so per-IP rate limits count browsers, not the proxy.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    },
  });
  notePid(api);
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/docs/json`, 'The API');

  while (dev && !APP_NAMES.every(isBuilt)) await sleep(500);
  // `npm start` is production: a remote without recorded hashes is not loaded.
  run('shell server', 'node', [...SERVE_APP, 'shell'], {
    env: { PANEL_REQUIRE_INTEGRITY: process.env.PANEL_REQUIRE_INTEGRITY ?? (dev ? '0' : '1') },
  });
  for (const remote of REMOTES) {
    run(`${remote.pkg} server`, 'node', [...SERVE_APP, remote.pkg], { critical: false });
  }
  await waitForHttp(`http://127.0.0.1:${PANEL_PORT}/remotes.json`, 'The shell');
  for (const remote of REMOTES) {
    await waitForHttp(`http://127.0.0.1:${remote.port}/`, remote.pkg);
  }
  running = true;

  console.log(`
  Lending panel is running
    Panel     http://localhost:${PANEL_PORT}
    API       http://localhost:${API_PORT}/api/v0   (docs: http://localhost:${API_PORT}/api/docs)
    Remotes   ${REMOTES.map((r) => `${r.pkg} :${r.port}`).join(', ')}
    Data      ${DATA_DIR}

  Demo logins
    super admin   admin@example.com / admin12345
    shop          shop@example.com  / shop12345
    shop          shop2@example.com / shop12345
`);
}

main().catch((error) => {
  console.error(error.message);
  stop(1);
});
