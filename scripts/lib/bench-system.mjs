// What the browser benchmarks share: running the seed, starting the whole
// system as `npm start` does in its own process group, waiting for it, and
// stopping it again.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { ROOT } from './apps.mjs';

export const CHROMIUM_ARGS = JSON.parse(
  readFileSync(path.join(ROOT, 'scripts/lib/chromium-args.json'), 'utf8'),
);

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

/** Resolves when the main thread has had an idle moment (or after 5 s of none). */
export const idle = (page) =>
  page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );

export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints one row per figure, one column per run and the median. */
export function printTable(figures, results, header) {
  const format = (value, digits) =>
    Number.isFinite(value)
      ? value.toLocaleString('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        })
      : '—';
  const head = ['', ...results.map((_, i) => `run ${i + 1}`), 'median'];
  const lines = figures.map(([label, key, digits]) => {
    const values = results.map((result) => result[key]);
    return [label, ...[...values, median(values)].map((value) => format(value, digits))];
  });
  const widths = head.map((_, c) => Math.max(...[head, ...lines].map((line) => line[c].length)));
  const print = (line) =>
    console.log(
      line
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join('  '),
    );
  console.log(`\n${header}\n`);
  print(head);
  print(widths.map((width) => '-'.repeat(width)));
  lines.forEach(print);
}
