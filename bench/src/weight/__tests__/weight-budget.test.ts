// The size budget's arithmetic (weight.ts), on a made-up build:
// which files count for the login page and for a remote's overhead, that an
// app over budget fails the check, and that a missing build is named. The
// real build is checked by the `budget` step of `npm test` after it builds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const WEIGHT = path.resolve(__dirname, '../weight.ts');

interface Budget {
  ok: boolean;
  lines: string[];
}

/**
 * Runs checkBudget() on `root` in a Node.js process: weight.ts reads the build
 * folder's name (PANEL_DIST) once, from apps.mjs, an ES module Jest cannot load.
 */
function checkBudget(
  root: string,
  budget: { loginPageWire: number; loginPageJs: number; remoteOverhead: number },
) {
  const script = `
    const weight = require(${JSON.stringify(WEIGHT)});
    try {
      const result = weight.checkBudget(${JSON.stringify(root)}, ${JSON.stringify(budget)});
      const login = weight.loginPageWeight(${JSON.stringify(root)});
      process.stdout.write(JSON.stringify({ ...result, login }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ error: error.message, missing: error instanceof weight.MissingBuildError }));
    }`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, PANEL_DIST: 'dist' },
  });
  if (result.status !== 0) throw new Error(result.stderr);
  type Sizes = { gzip: number; wire: number };
  return JSON.parse(result.stdout) as Budget & {
    login: { total: Sizes; shell: Sizes; authEntry: Sizes };
    error?: string;
    missing?: boolean;
  };
}

/**
 * A file and its .gz of the given size (what counts in gzip), and its .br,
 * 10 % smaller (what counts on the wire).
 */
function writeAsset(dir: string, name: string, gzipBytes: number) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), 'x'.repeat(gzipBytes * 4));
  writeFileSync(path.join(dir, `${name}.gz`), Buffer.alloc(gzipBytes));
  writeFileSync(path.join(dir, `${name}.br`), Buffer.alloc(gzipBytes * 0.9));
}

const GOALS = { loginPageWire: 120_000, loginPageJs: 120_000, remoteOverhead: 8_000 };

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'weight-budget-'));
  writeFileSync(
    path.join(root, 'apps.json'),
    JSON.stringify({
      shell: { package: 'shell', name: 'shell', portOffset: 0 },
      remotes: [{ package: 'mfe-auth', name: 'mfe_auth', portOffset: 1, pages: [] }],
    }),
  );
  const shell = path.join(root, 'shell', 'dist');
  writeAsset(shell, 'main.0123456789.js', 30_000);
  writeAsset(shell, '275.0123456789.js', 60_000);
  // A lazy chunk the page neither loads nor preloads: fetched after the login form, never counted.
  writeAsset(shell, 'lazy-layout.0123456789.js', 9_000);
  writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><script defer src="/main.0123456789.js"></script><link rel="preload" href="/275.0123456789.js" as="script">',
  );
  const auth = path.join(root, 'mfe-auth', 'dist');
  writeAsset(auth, 'remoteEntry.js', 5_000);
  writeAsset(auth, '__federation_expose_LoginPage.aaaaaaaaaa.js', 2_000);
  writeAsset(auth, '389.bbbbbbbbbb.js', 3_000);
  writeAsset(auth, '__federation_expose_RegisterPage.cccccccccc.js', 4_000);
  // A fallback copy of a shared package: the shell provides it, it never counts.
  writeAsset(auth, '718.dddddddddd.js', 60_000);
  // Under 1 kB the build writes no .gz: the file itself counts (it is a sync chunk of the page).
  writeFileSync(path.join(auth, 'small.eeeeeeeeee.js'), 'y'.repeat(500));
  // An async chunk of the page, loaded when used (the form's log-in chunk on submit): not counted.
  writeAsset(auth, 'log-in.ffffffffff.js', 7_000);
  writeFileSync(
    path.join(auth, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [{ name: 'react-router-dom', assets: { js: { sync: ['718.dddddddddd.js'] } } }],
      exposes: [
        {
          name: 'LoginPage',
          assets: {
            js: {
              sync: [
                '389.bbbbbbbbbb.js',
                '__federation_expose_LoginPage.aaaaaaaaaa.js',
                'small.eeeeeeeeee.js',
              ],
              async: ['log-in.ffffffffff.js'],
            },
          },
        },
        {
          name: 'RegisterPage',
          assets: {
            js: {
              sync: ['389.bbbbbbbbbb.js', '__federation_expose_RegisterPage.cccccccccc.js'],
              async: [],
            },
          },
        },
      ],
    }),
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

test('the login page is the shell, the auth entry and the LoginPage chunks, on the wire and in gzip', () => {
  const result = checkBudget(root, GOALS);
  expect(result.login.shell).toEqual({ gzip: 90_000, wire: 81_000 });
  expect(result.login.authEntry).toEqual({ gzip: 5_000, wire: 4_500 });
  // A file under 1 kB has neither .br nor .gz: it counts as it is.
  expect(result.login.total).toEqual({
    gzip: 90_000 + 5_000 + 2_000 + 3_000 + 500,
    wire: 81_000 + 4_500 + 1_800 + 2_700 + 500,
  });
  expect(result.ok).toBe(true);
  expect(result.lines).toEqual([
    expect.stringMatching(
      /^ok {3}JS of a cold \/auth\/login on the wire, brotli .*: 90\.5 kB \(budget 120\.0 kB\)$/,
    ),
    expect.stringMatching(/^ok {3}the same in gzip.*: 100\.5 kB gz \(budget 120\.0 kB\)$/),
    'ok   mfe-auth beyond its own page chunks (remoteEntry.js): 5.0 kB gz (budget 8.0 kB)',
  ]);
});

test('an app over its budget fails the check and says which', () => {
  const result = checkBudget(root, {
    loginPageWire: 90_000,
    loginPageJs: 100_000,
    remoteOverhead: 4_000,
  });
  expect(result.ok).toBe(false);
  expect(result.lines[0]).toMatch(/^OVER JS of a cold \/auth\/login on the wire/);
  expect(result.lines[1]).toMatch(/^OVER the same in gzip/);
  expect(result.lines[2]).toMatch(/^OVER mfe-auth beyond its own page chunks/);
});

test('the wire alone over its budget fails the check', () => {
  const result = checkBudget(root, { ...GOALS, loginPageWire: 90_000 });
  expect(result.ok).toBe(false);
  expect(result.lines.filter((line) => line.startsWith('OVER'))).toEqual([
    expect.stringMatching(/^OVER JS of a cold \/auth\/login on the wire/),
  ]);
});

test('a missing build fails with a message saying to build first', () => {
  rmSync(path.join(root, 'mfe-auth', 'dist'), { recursive: true });
  const result = checkBudget(root, GOALS);
  expect(result.missing).toBe(true);
  expect(result.error).toMatch(/mfe-auth\/dist is missing: build first/);
});
