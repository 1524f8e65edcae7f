import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { SYSTEM_COUNT, systemEnv } from './systems';

// Starts every worker's system (systems.ts) at the same time, the way
// `npm start` does (scripts/e2e-server.mjs), and stops them after the run.
// Playwright's webServer entries would start them one after the other.

const ROOT = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 300_000;
/** What `npm start` prints once the API, the shell and every remote answer. */
const READY = 'Lending panel is running';

/** Whether a panel already answers at this port (a developer's `npm start`). */
async function answers(panelPort: string): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${panelPort}/remotes.json`)).ok;
  } catch {
    return false;
  }
}

/** Starts system `index`; `running` settles once it runs, or with its errors if it stops first or is too slow. */
function startSystem(index: number): { child: ChildProcess; running: Promise<void> } {
  // A process group of its own: stopping the group stops the API and servers it started.
  const child = spawn('node', ['scripts/e2e-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...systemEnv(index) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let started = false;
  let printed = '';
  let errors = '';
  child.stderr!.on('data', (data: Buffer) => {
    if (!started) errors += data.toString();
    process.stderr.write(`[system ${index}] ${data.toString()}`);
  });
  const running = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`system ${index} did not start in ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    // Read to the end, so the system never waits on a full pipe.
    child.stdout!.on('data', (data: Buffer) => {
      if (started) return;
      printed += data.toString();
      if (!printed.includes(READY)) return;
      started = true;
      clearTimeout(timer);
      resolve();
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`system ${index} stopped (${signal ?? code}) before it ran:\n${errors}`));
    });
  });
  return { child, running };
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Stops a system's whole process group and waits until it is gone. */
async function stopSystem(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child);
  await exited;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const indexes = Array.from({ length: SYSTEM_COUNT }, (_, index) => index);
  // Locally, PANEL_PORT=3000 E2E_WORKERS=1 runs the tests against an already running `npm start`.
  const reused = await Promise.all(
    indexes.map(async (index) => !process.env.CI && (await answers(systemEnv(index).PANEL_PORT))),
  );
  const systems = indexes.filter((index) => !reused[index]).map(startSystem);
  // Should the runner end without its teardown, the systems end with it.
  process.on('exit', () => systems.forEach(({ child }) => killGroup(child)));
  const stopAll = async () => {
    await Promise.all(systems.map(({ child }) => stopSystem(child)));
  };
  try {
    await Promise.all(systems.map(({ running }) => running));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
