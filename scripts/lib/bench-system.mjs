// What the browser benchmarks share: a whole panel started as `npm start`
// starts it, on spare ports and a data folder of its own, and stopped again.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import { ROOT } from './apps.mjs';

/** Runs a command to its end, its output shown; rejects on a non-zero exit. */
export function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${signal ?? code}`)),
    );
  });
}

export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** `npm start` in its own process group (the whole group is stopped at the end), output kept for errors. */
export function startSystem(env) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

export async function stopSystem(system) {
  const group = -system.child.pid;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(group, 'SIGTERM');
  for (let waited = 0; waited < 5000 && alive(); waited += 100) await sleep(100);
  if (alive()) process.kill(group, 'SIGKILL');
}

export async function waitForPanel(system, base, timeoutMs = 300_000) {
  let exitCode = null;
  void system.exited.then((code) => {
    exitCode = code ?? 'signal';
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== null) break;
    try {
      if ((await fetch(`${base}/remotes.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(
    `The panel did not start at ${base} (start.mjs ${exitCode === null ? 'timed out' : `exited: ${exitCode}`}):\n${system.output()}`,
  );
}
