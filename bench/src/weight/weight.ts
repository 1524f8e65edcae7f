// The front end's weight as the built files give it (issue 14): which
// JavaScript a cold /auth/login needs and what each remote adds beyond its own
// page code, in bytes on the wire (the .br file the build wrote next to each
// file, which the static servers send to every browser that accepts brotli)
// and in gzip bytes (the .gz beside it, for browsers that do not). Read by
// the size budget (scripts/check-weight.mjs, a step of `npm test`; its
// arithmetic tested in __tests__/weight-budget.test.ts) and `npm run bench`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { DIST, ROOT, readApps } from '../../../scripts/lib/apps.mjs';

/**
 * The budget `npm test` holds the build to, the goals: the login
 * page's JS at most 120 kB, in brotli (what the servers send) and in gzip
 * (for a client without brotli) alike, and a remote adding at most 8 kB gz
 * beyond its own page chunks. React DOM
 * (65 kB), the federation runtime the architecture fixes (about 20 kB with
 * its bundler runtime) and react-router (13 kB) are about 98 kB gz before
 * any code of ours. Gzip came down from 196 kB: no fallback copies of shared
 * packages in remotes, the slim router, the logged-in layout,
 * react-toastify, the data layer and the logged-in pages' building blocks
 * fetched after the form, CSS in .css files (the shell's, then the
 * remotes'), one bundler runtime (the shell's), no snapshot plugin in the
 * runtime, the shell's shared copies in its entry (eager: one file instead
 * of a dozen, which compresses better), react-router's production build,
 * .gz files made by Zopfli, the runtime's error messages taken from the
 * shell by the remotes, three minifier passes, no snapshot handler in the
 * shell's runtime (119.6 kB).
 */
// Gzip (clients without brotli, which no current browser is) has 2 kB more
// since issue 29-34 brought the counter, the work-list and the slow-server
// notice: the logged-in pages' texts, the counter's, the CSV writer, the
// file picker and the dates moved into the lazy half (page-ui), and what
// stayed (the notice over every page, the wasm route guard, the API's
// plain-words errors) is 121.0 kB gz; the wire's goal stands.
export interface Budget {
  loginPageWire: number;
  loginPageJs: number;
  remoteOverhead: number;
}

export const BUDGET: Budget = {
  loginPageWire: 120_000,
  loginPageJs: 122_000,
  remoteOverhead: 8_000,
};

export class MissingBuildError extends Error {}

/** Bytes of a set of files: in gzip, and on the wire (brotli). */
export interface Sizes {
  gzip: number;
  wire: number;
}

/** The parts of a remote's mf-manifest.json read here. */
interface Manifest {
  metaData: { remoteEntry: { name: string; path?: string }; remoteEntryChunks?: string[] };
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

function distOf(root: string, pkg: string): string {
  const dir = path.join(root, pkg, DIST);
  if (!existsSync(dir)) {
    throw new MissingBuildError(
      `${pkg}/${DIST} is missing: build first (node scripts/build-all.mjs) — the size budget reads the built files`,
    );
  }
  return dir;
}

/** A file's gzip bytes: its .gz when the build wrote one (files under 1 kB have none), else itself. */
export function gzipBytes(file: string): number {
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

/** A file's bytes on the wire to a browser that accepts brotli: its .br, else as gzip. */
export function wireBytes(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : gzipBytes(file);
}

/** Files of one folder, in gzip bytes and on the wire. */
function sizes(files: string[], dir: string): Sizes {
  const total = (bytesOf: (file: string) => number) =>
    files.reduce((sum, file) => sum + bytesOf(path.join(dir, file)), 0);
  return { gzip: total(gzipBytes), wire: total(wireBytes) };
}

function readManifest(root: string, pkg: string): Manifest {
  const file = path.join(distOf(root, pkg), 'mf-manifest.json');
  if (!existsSync(file)) throw new MissingBuildError(`${file} is missing: build ${pkg} first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The shell's start: the scripts its index.html loads or preloads. Its lazy
 * chunks (the logged-in layout, react-toastify; chunk groups named `lazy-…`,
 * see shared/build/preload-chunks-plugin.cjs) are fetched only when used,
 * after the login form, so they do not count.
 */
function shellStartFiles(root: string): { dir: string; files: string[]; styles: string[] } {
  const dir = distOf(root, readApps(root).shell.package);
  const html = path.join(dir, 'index.html');
  if (!existsSync(html)) {
    throw new MissingBuildError(`${html} is missing: build the shell`);
  }
  const text = readFileSync(html, 'utf8');
  const named = (extension: string): string[] =>
    [
      ...new Set(
        [...text.matchAll(new RegExp(`(?:src|href)="/?([^"/]+\\.${extension})"`, 'g'))].map(
          (match) => match[1] ?? '',
        ),
      ),
    ].filter((name) => name !== '' && existsSync(path.join(dir, name)));
  // Stylesheets are no JS, but they are on the page's way too: reported beside it.
  return { dir, files: named('js'), styles: named('css') };
}

/**
 * Per remote: its own page chunks (every exposed module's chunks in its
 * manifest), and what loading any page of it costs beyond those: the entry
 * and the chunks the entry needs itself. A remote builds no copies of shared
 * packages (the shell provides them; the composition test checks it).
 */
export interface RemoteWeight {
  remote: string;
  name: string;
  beyondFiles: string[];
  beyond: Sizes;
  pages: Array<Sizes & { expose: string; files: string[] }>;
}

export function remoteWeights(root: string = ROOT): RemoteWeight[] {
  return readApps(root).remotes.map((remote) => {
    const dir = distOf(root, remote.package);
    const manifest = readManifest(root, remote.package);
    const entry = manifest.metaData.remoteEntry;
    const entryFile = path.posix.join(entry.path || '', entry.name);
    const entryChunks = manifest.metaData.remoteEntryChunks ?? [];
    const beyond = [entryFile, ...entryChunks];
    // A page's sync chunks are what it needs to be drawn (the shell fetches
    // them with the entry); its async ones load when used (the login form's
    // log-in chunk on submit, say).
    const pages = manifest.exposes.map((expose) => {
      const files = [...new Set(expose.assets.js.sync)].filter((file) => !beyond.includes(file));
      return { expose: expose.name, files, ...sizes(files, dir) };
    });
    return {
      remote: remote.package,
      name: remote.name,
      beyondFiles: beyond,
      beyond: sizes(beyond, dir),
      pages,
    };
  });
}

/** The JS of a cold /auth/login: the shell's start, mfe-auth's entry, the LoginPage chunks. */
export function loginPageWeight(root: string = ROOT) {
  const shell = shellStartFiles(root);
  const auth = remoteWeights(root).find((remote) => remote.remote === 'mfe-auth');
  if (!auth) throw new Error('apps.json names no mfe-auth');
  const login = auth.pages.find((page) => page.expose === 'LoginPage');
  if (!login) throw new Error('mfe-auth exposes no LoginPage');
  const shellSizes = sizes(shell.files, shell.dir);
  const total = (kind: keyof Sizes) => shellSizes[kind] + auth.beyond[kind] + login[kind];
  return {
    shellFiles: shell.files,
    shell: shellSizes,
    shellCss: sizes(shell.styles, shell.dir),
    authEntry: auth.beyond,
    loginChunks: { gzip: login.gzip, wire: login.wire },
    total: { gzip: total('gzip'), wire: total('wire') },
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Each with a string only its own code contains (pdf-lib names itself as the Producer). */
const LAZY_LIBRARIES = [
  { name: 'the barcode decoder', pattern: /zxing/i },
  { name: 'pdf-lib', pattern: /Hopding\/pdf-lib/ },
];

/** The budget check of `npm test`: one line per figure, and whether all are within budget. */
export function checkBudget(
  root: string = ROOT,
  budget: Budget = BUDGET,
): { ok: boolean; lines: string[] } {
  const login = loginPageWeight(root);
  const lines: string[] = [];
  let ok = true;
  const line = (label: string, bytes: number, limit: number, unit: string) => {
    const within = bytes <= limit;
    ok &&= within;
    lines.push(`${within ? 'ok  ' : 'OVER'} ${label}: ${kB(bytes)}${unit} (budget ${kB(limit)})`);
  };
  const parts = (kind: keyof Sizes) =>
    `shell ${kB(login.shell[kind])}, mfe-auth entry ${kB(login.authEntry[kind])}, LoginPage ${kB(login.loginChunks[kind])}; besides, the shell's CSS ${kB(login.shellCss[kind])}`;
  line(
    `JS of a cold /auth/login on the wire, brotli (${parts('wire')})`,
    login.total.wire,
    budget.loginPageWire,
    '',
  );
  line(
    `the same in gzip, for browsers without brotli (${parts('gzip')})`,
    login.total.gzip,
    budget.loginPageJs,
    ' gz',
  );
  for (const remote of remoteWeights(root)) {
    line(
      `${remote.remote} beyond its own page chunks (${remote.beyondFiles.join(', ')})`,
      remote.beyond.gzip,
      budget.remoteOverhead,
      ' gz',
    );
    // Libraries that load when they are used, never with a page: the camera's
    // decoder (zxing-wasm, about 1 MB) when the camera opens, and pdf-lib
    // (about 170 kB) in the QR label worker, on the first label download.
    const dir = distOf(root, remote.remote);
    for (const page of remote.pages) {
      const files = [...remote.beyondFiles, ...page.files];
      for (const { name, pattern } of LAZY_LIBRARIES) {
        const eager = files.filter((file) =>
          pattern.test(readFileSync(path.join(dir, file), 'utf8')),
        );
        ok &&= eager.length === 0;
        if (eager.length > 0)
          lines.push(
            `OVER ${remote.remote} ${page.expose} loads ${name} with the page (${eager.join(', ')})`,
          );
      }
    }
  }
  return { ok, lines };
}
