import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The API's folder: benchmarks start its server from here, as `npm start` does. */
export const API_DIR = path.resolve(__dirname, '../../../api');

/**
 * The API's own Node arguments, read from its package.json "start" script
 * (how its TypeScript is loaded, the old-space cap that keeps its memory in
 * bounds), so a bench runs it as `npm start` does.
 */
export const API_NODE_ARGS = apiNodeArgs(
  (
    JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start,
);

/** `node <arguments> <script>`: the arguments. */
function apiNodeArgs(start: string): string[] {
  const [command, ...words] = start.split(/\s+/);
  if (command !== 'node') throw new Error('api/package.json: "start" must run node');
  return words.slice(0, -1);
}

/** Runs a TypeScript file in a Node process of its own, from the API's folder. */
export function startProcess(
  script: string,
  env: Record<string, string>,
  /** How Node loads the script and runs it: by default tsx's loader and nothing else. */
  nodeArgs: string[] = ['--import', 'tsx'],
): ChildProcess {
  // BENCH_API_NODE_FLAGS adds Node flags to the processes started, e.g. --cpu-prof to profile them.
  const extra = process.env.BENCH_API_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, ...extra, script], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForPort(port: number, pathname: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      await fetch(`http://127.0.0.1:${port}${pathname}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Nothing answered on port ${port} within a minute.`);
}

function statusField(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Peak resident memory of a process so far, in MB (Linux: VmHWM). */
export function peakRssMb(pid: number | undefined): number | null {
  return statusField(pid, 'VmHWM');
}

/** Resident memory of a process now, in MB (Linux: VmRSS). */
export function rssMb(pid: number | undefined): number | null {
  return statusField(pid, 'VmRSS');
}

export async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}
