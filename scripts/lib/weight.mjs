// The front end's weight as the built files give it (issue 14): which
// JavaScript a cold /auth/login needs and what each remote adds beyond its own
// page code, in gzip bytes of the .gz files the build wrote next to each file
// (the static servers send those, or the smaller .br). Read by the size budget
// test (scripts/__tests__/weight-budget.test.ts) and `npm run bench`.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { DIST, ROOT } from './apps.mjs';

const APPS = JSON.parse(readFileSync(path.join(ROOT, 'apps.json'), 'utf8'));

export const BUDGET = {
  /** The goal: the login page's JS on the wire, gzip bytes. */
  loginPageJs: 120_000,
  /** The goal: what any remote adds beyond its own page chunks, gzip bytes. */
  remoteOverhead: 8_000,
};

export class MissingBuildError extends Error {}

function distOf(pkg) {
  const dir = path.join(ROOT, pkg, DIST);
  if (!existsSync(dir)) {
    throw new MissingBuildError(
      `${pkg}/${DIST} is missing: build first (node scripts/build-all.mjs) — the size budget reads the built files`,
    );
  }
  return dir;
}

/** Bytes a file costs on the wire: its .gz when the build wrote one (files under 1 kB have none), else itself. */
export function gzipBytes(file) {
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

const sum = (files, dir) =>
  files.reduce((total, file) => total + gzipBytes(path.join(dir, file)), 0);

function readManifest(pkg) {
  const file = path.join(distOf(pkg), 'mf-manifest.json');
  if (!existsSync(file)) throw new MissingBuildError(`${file} is missing: build ${pkg} first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The shell's page: every script of the shell's build. The shell has no lazy
 * code of its own (its pages are remotes), so everything it builds is loaded
 * at start; a lazy chunk added to it would be counted too (an upper bound).
 */
function shellStartFiles() {
  const dir = distOf(APPS.shell.package);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new MissingBuildError(`${path.join(dir, 'index.html')} is missing: build the shell`);
  }
  return { dir, files: readdirSync(dir).filter((name) => name.endsWith('.js')) };
}

/**
 * Per remote: its own page chunks (every exposed module's chunks in its
 * manifest), and what loading any page of it costs beyond those: the entry
 * and the chunks the entry needs itself. The remote's fallback copies of
 * shared packages are not counted: the shell provides them (the composition
 * test proves none is fetched).
 */
export function remoteWeights() {
  return APPS.remotes.map((remote) => {
    const dir = distOf(remote.package);
    const manifest = readManifest(remote.package);
    const entry = manifest.metaData.remoteEntry;
    const entryFile = path.posix.join(entry.path || '', entry.name);
    const entryChunks = manifest.metaData.remoteEntryChunks ?? [];
    const beyond = [entryFile, ...entryChunks];
    const pages = manifest.exposes.map((expose) => {
      const files = [...new Set([...expose.assets.js.sync, ...expose.assets.js.async])].filter(
        (file) => !beyond.includes(file),
      );
      return { expose: expose.name, files, gzip: sum(files, dir) };
    });
    return {
      remote: remote.package,
      name: remote.name,
      beyondFiles: beyond,
      beyondGzip: sum(beyond, dir),
      pages,
    };
  });
}

/** The JS of a cold /auth/login: the shell's start, mfe-auth's entry, the LoginPage chunks. */
export function loginPageWeight() {
  const shell = shellStartFiles();
  const auth = remoteWeights().find((remote) => remote.remote === 'mfe-auth');
  const login = auth.pages.find((page) => page.expose === 'LoginPage');
  if (!login) throw new Error('mfe-auth exposes no LoginPage');
  const shellGzip = sum(shell.files, shell.dir);
  return {
    shellFiles: shell.files,
    shellGzip,
    authEntryGzip: auth.beyondGzip,
    loginChunksGzip: login.gzip,
    totalGzip: shellGzip + auth.beyondGzip + login.gzip,
  };
}
