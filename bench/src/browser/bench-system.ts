// What the browser benchmarks share: a fresh data folder seeded through the
// API's seed command, the whole system started as `npm start` starts it on
// spare ports, a logged-in Chromium page, and the printed table of figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

import { ensureBrowser } from '../../../scripts/ensure-browser.mjs';
import { REMOTES, ROOT } from '../../../scripts/lib/apps.mjs';

// Shared with the browser tests (e2e/playwright.config.ts), so it stays beside apps.mjs.
export const CHROMIUM_ARGS = JSON.parse(
  readFileSync(path.join(ROOT, 'scripts/lib/chromium-args.json'), 'utf8'),
) as string[];

/** Runs a command to its end, its output shown; rejects on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string = ROOT,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${signal ?? code}`)),
    );
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * `npm start` of the checkout at `root` in its own process group (the whole
 * group is stopped at the end), output kept for errors.
 */
export interface System {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

export function startSystem(env: NodeJS.ProcessEnv, root: string = ROOT): System {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

export async function stopSystem(system: System): Promise<void> {
  const group = -(system.child.pid ?? 0);
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

export async function waitForPanel(
  system: System,
  base: string,
  timeoutMs = 300_000,
): Promise<void> {
  let exitCode: number | string | null = null;
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

// The clean-ups of the systems running now: a bench may run two (its build
// and an earlier one, side by side); Ctrl-C stops both before exiting.
const running = new Set<() => Promise<void>>();
const interrupted = () => {
  void Promise.allSettled([...running].map((cleanUp) => cleanUp())).finally(() =>
    process.exit(130),
  );
};

/**
 * Seeds a temporary data folder with `seedArgs` (arguments of `npm run seed -w
 * api`; null leaves the demo data the API's first start writes), starts the
 * system of the checkout at `root` (this one unless told) on it, launches
 * Chromium and hands both to `body`; everything is stopped and deleted
 * afterwards, also on Ctrl-C.
 */
export interface SystemOptions {
  name: string;
  panelPort: number;
  apiPort: number;
  seedArgs: string[] | null;
  root?: string;
}

/** What a benchmark gets: Chromium, the panel's URL and the API's. */
export interface Seeded {
  browser: Browser;
  base: string;
  apiBase: string;
}

export async function withSeededSystem<T>(
  { name, panelPort, apiPort, seedArgs, root = ROOT }: SystemOptions,
  body: (seeded: Seeded) => Promise<T>,
): Promise<T> {
  for (const port of [apiPort, panelPort, ...REMOTES.map((remote) => panelPort + remote.offset)]) {
    if (!(await portIsFree(port)))
      throw new Error(`Port ${port} is in use; choose others with --panel-port/--api-port.`);
  }
  const base = `http://localhost:${panelPort}`;
  const temp = mkdtempSync(path.join(tmpdir(), `panel-bench-${name}-`));
  const dataDir = path.join(temp, 'data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PANEL_PORT: String(panelPort),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    DEPLOY_DIR: path.join(temp, 'deploy'),
    DATABASE_URL: `sqlite:${path.join(dataDir, 'panel.sqlite')}`,
    API_LOG: 'off',
  };
  // The browser must call the API behind this shell, not one configured elsewhere.
  delete env.PUBLIC_API_URL;
  let system: System | null = null;
  let browser: Browser | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = (): Promise<void> =>
    (cleaning ??= (async () => {
      await browser?.close().catch(() => undefined);
      if (system) await stopSystem(system);
      rmSync(temp, { recursive: true, force: true });
    })());
  if (running.size === 0) {
    process.once('SIGINT', interrupted);
    process.once('SIGTERM', interrupted);
  }
  running.add(cleanUp);
  try {
    if (seedArgs) {
      console.log(`Seeding ${dataDir} (${seedArgs.join(' ')}) …`);
      await run('npm', ['run', 'seed', '-w', 'api', '--', ...seedArgs], env, root);
    }
    console.log(`Starting the panel on ${base} (API :${apiPort}) …`);
    system = startSystem(env, root);
    await waitForPanel(system, base);
    browser = await chromium.launch({
      executablePath: await ensureBrowser(),
      headless: true,
      args: CHROMIUM_ARGS,
      // Playwright's own handlers would exit before the system is stopped and the folder deleted.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    return await body({ browser, base, apiBase: `http://localhost:${apiPort}` });
  } finally {
    running.delete(cleanUp);
    if (running.size === 0) {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
    }
    await cleanUp();
  }
}

/**
 * tsx compiles the bench with esbuild's keepNames, which wraps inner
 * functions in `__name(fn, "name")` calls. The functions the benches send to
 * a page (page.evaluate, addInitScript) carry those calls along, so every
 * page gets a `__name` that leaves the function as it is, before any of them.
 */
export const PAGE_NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

/** A browser context whose pages can run the bench's compiled functions. */
export async function newBenchContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({ content: PAGE_NAME_HELPER });
  return context;
}

/** Logs in through the API; answers what the login screen would store. */
/** What the login call answers and the login screen stores. */
export interface Session {
  access: string;
  status: string;
  shop_id?: number | null;
}

export async function apiLogin(
  apiBase: string,
  credentials: { email: string; password: string },
): Promise<Session> {
  const response = await fetch(`${apiBase}/api/v0/shops/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login of ${credentials.email} failed: ${response.status}`);
  return (await response.json()) as Session;
}

/** As e2e/fixtures/session.ts openAs: what the login screen stores, before the page under test. */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.goto('/auth/login');
  await page.evaluate((value) => {
    sessionStorage.setItem('loginStatus', value.access);
    localStorage.setItem('status', value.status);
    if (value.shop_id != null) localStorage.setItem('shop_id', String(value.shop_id));
  }, session);
}

/** Resolves when the main thread has had an idle moment (or after 5 s of none). */
export const idle = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );

export function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Rows of cells, the first a heading: labels left, figures right, columns aligned. */
export function printCells(rows: string[][], header: string): void {
  const widths = (rows[0] ?? []).map((_, c) =>
    Math.max(...rows.map((row) => (row[c] ?? '').length)),
  );
  console.log(`\n${header}\n`);
  rows.forEach((row, r) => {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
    if (r === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

/** One row per figure ([label, key, decimals]), one column per run, then the median. */
/** A figure of printTable: its label, its key in each run's result, its decimals. */
export type Figure<K extends string> = readonly [label: string, key: K, digits: number];

export function printTable<K extends string>(
  results: Array<Record<NoInfer<K>, number>>,
  header: string,
  figures: ReadonlyArray<Figure<K>>,
): void {
  const format = (value: number, digits: number) =>
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
  const widths = head.map((_, c) =>
    Math.max(...[head, ...lines].map((line) => (line[c] ?? '').length)),
  );
  const print = (line: string[]) =>
    console.log(
      line
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
  console.log(`\n${header}\n`);
  print(head);
  print(widths.map((width) => '-'.repeat(width)));
  lines.forEach(print);
}
