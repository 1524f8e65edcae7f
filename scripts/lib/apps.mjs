// The apps of the panel, their ports, who may load each remote and the
// settings of the panel's servers: the one place the start, serve and release
// scripts read their environment.
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

/**
 * The origins the panel is opened at. Remotes answer CORS only for these, and
 * the page's Content-Security-Policy allows the remotes of these hosts.
 */
export const PANEL_ORIGINS = (
  process.env.PANEL_ORIGINS || `http://localhost:${PANEL_PORT},http://127.0.0.1:${PANEL_PORT}`
)
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)
  .map((origin) => new URL(origin).origin);

/** API base URL the browser calls; empty means same origin, through the shell's proxy. */
export const PUBLIC_API_URL = process.env.PUBLIC_API_URL ?? '';

/** Map tiles for the shops remote's maps, handed to the browser in /remotes.json. */
export const MAP_TILE_URL =
  process.env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_ATTRIBUTION =
  process.env.MAP_TILE_ATTRIBUTION || '&copy; OpenStreetMap contributors';

/** The provider's support address: the Support page's link writes to it when no chat app is set. */
export const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL || 'support@example.com';
/** The Support page's Start Chat link: a chat app (http or https), or else an e-mail to SUPPORT_EMAIL. */
export const SUPPORT_CHAT_URL = process.env.SUPPORT_CHAT_URL || `mailto:${SUPPORT_EMAIL}`;
/** ISO 4217 code of the amounts the panel shows. */
export const CURRENCY = process.env.CURRENCY || 'EUR';

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

/**
 * The addresses of the pages that compile WebAssembly (apps.json `wasm`):
 * only documents loaded there may. The page's key is its path in kebab case
 * (`takeBack` is /take-back); a shell test holds this to PATHS.
 */
export const WASM_PAGE_PATHS = APPS.remotes.flatMap((remote) =>
  remote.pages
    .filter((page) => page.wasm === true)
    .map((page) => `/${page.path.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`),
);

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
