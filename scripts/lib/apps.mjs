// The apps of the panel, their ports, folders and who may load each remote:
// the one place the start, build, bench, serve and release scripts read them.
// What only the panel's servers read is in panel-server/src/config.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DATA_DIR = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
export const DEPLOY_DIR = path.resolve(ROOT, process.env.DEPLOY_DIR ?? 'deploy');
export const RUN_DIR = path.join(DATA_DIR, 'run');

/** Each app's build folder: `dist`, or `dist-dev` for `npm run dev` so watch builds never replace release builds. */
export const DIST = process.env.PANEL_DIST ?? 'dist';

export const PANEL_PORT = Number(process.env.PANEL_PORT ?? 3000);
export const API_PORT = Number(process.env.API_PORT ?? 8000);

/** The interface every server listens on: loopback unless HOST exposes it (HOST=0.0.0.0). */
export const HOST = process.env.HOST || '127.0.0.1';

/** The apps.json of the checkout at `root` (an earlier build's, for a benchmark). */
export const readApps = (root = ROOT) =>
  JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8'));

/** apps.json is the one list of apps; a remote may be loaded by every role one of its pages admits. */
const APPS = readApps();

export const REMOTES = APPS.remotes.map((remote) => ({
  pkg: remote.package,
  name: remote.name,
  offset: remote.portOffset,
  roles: [...new Set(remote.pages.flatMap((page) => page.roles))],
  port: PANEL_PORT + remote.portOffset,
}));

export const APP_NAMES = [APPS.shell.package, ...REMOTES.map((remote) => remote.pkg)];

export function findRemote(pkg) {
  const remote = REMOTES.find((candidate) => candidate.pkg === pkg || candidate.name === pkg);
  if (!remote) {
    throw new Error(`Unknown remote "${pkg}". Known: ${REMOTES.map((r) => r.pkg).join(', ')}`);
  }
  return remote;
}

export function packageVersion(pkg) {
  return JSON.parse(readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8')).version;
}
