// Release state of the remotes (deploy/releases.json): which version of each
// is stable, which is a canary for what share of users (and on what schedule),
// which was stable before (for rollback), and the SHA-384 of each released
// version's entry and manifest. /remotes.json is rendered from it on every
// request. Events (automatic rollbacks, schedule steps) go to
// deploy/release-events.jsonl.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import {
  DEPLOY_DIR,
  DIST,
  REMOTES,
  ROOT,
  packageVersion,
  type Remote,
} from '../../../scripts/lib/apps.mjs';
import { integrityRecordPath } from '../../../shared/build/release-contract.cjs';

/** The SHA-384 of a version's entry and manifest (`sha384-…`). */
export interface EntryHashes {
  entry: string;
  manifest: string;
}

/** A progressive canary's schedule: `step` more percent every `everyMs`, next at `nextAt`. */
export interface Schedule {
  step: number;
  everyMs: number;
  nextAt: number;
}

/** One remote's entry in deploy/releases.json. */
export interface RemoteRelease {
  stable: string;
  previous?: string;
  canary?: { version: string; percent: number; schedule?: Schedule };
  rolledBack?: { version: string; at: number };
  hashes?: Record<string, EntryHashes>;
}

/** deploy/releases.json, by remote package. */
export type Releases = Record<string, RemoteRelease>;

/** One line of deploy/release-events.jsonl. */
export interface ReleaseEvent {
  at: string;
  remote: string;
  kind: string;
  message: string;
}

const RELEASES_FILE = path.join(DEPLOY_DIR, 'releases.json');
const EVENTS_FILE = path.join(DEPLOY_DIR, 'release-events.jsonl');

/**
 * Whether a remote without recorded hashes may still be loaded: never in
 * production (NODE_ENV=production, or PANEL_REQUIRE_INTEGRITY=1); the shell
 * gets the answer in /remotes.json and fails closed.
 */
export const REQUIRE_INTEGRITY =
  process.env.PANEL_REQUIRE_INTEGRITY === '1' ||
  (process.env.NODE_ENV === 'production' && process.env.PANEL_REQUIRE_INTEGRITY !== '0');

/**
 * A version names a folder, so it is checked before it is used as one: a
 * letter or digit first, then letters, digits, `.`, `_` and `-`, never `..`.
 */
export function isValidVersion(version: string): boolean {
  return /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/.test(version) && !version.includes('..');
}

/**
 * Every remote's state, one entry per remote of apps.json (so callers index
 * it with a known remote's package); one never released is on its
 * package.json version.
 */
export function readReleases(): Releases {
  const saved: Partial<Releases> = existsSync(RELEASES_FILE)
    ? (JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) as Releases)
    : {};
  const releases: Releases = {};
  for (const remote of REMOTES) {
    releases[remote.pkg] = saved[remote.pkg] ?? { stable: packageVersion(remote.pkg) };
  }
  return releases;
}

/** Written to a temp file and renamed, so a server never reads half a file. */
export function writeReleases(releases: Releases): void {
  mkdirSync(DEPLOY_DIR, { recursive: true });
  const temp = `${RELEASES_FILE}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(releases, null, 2)}\n`);
  renameSync(temp, RELEASES_FILE);
}

/** Appends one line to the release log (`status` shows the latest). */
export function logReleaseEvent(event: Omit<ReleaseEvent, 'at'>): void {
  mkdirSync(DEPLOY_DIR, { recursive: true });
  appendFileSync(EVENTS_FILE, `${JSON.stringify({ at: new Date().toISOString(), ...event })}\n`);
}

export function readReleaseEvents(limit = 10): ReleaseEvent[] {
  if (!existsSync(EVENTS_FILE)) return [];
  return readFileSync(EVENTS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(-limit)
    .map((line) => JSON.parse(line) as ReleaseEvent);
}

/** Every file's SHA-384 as the build recorded it beside its folder, or null. */
export function readIntegrityRecord(dir: string): Record<string, string> | null {
  const file = integrityRecordPath(dir);
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, string> }).files
    : null;
}

/** The entry's and manifest's hashes of a build folder's record, or null. */
export function entryHashes(files: Record<string, string> | null): EntryHashes | null {
  const entry = files?.['remoteEntry.js'];
  const manifest = files?.['mf-manifest.json'];
  return entry && manifest ? { entry, manifest } : null;
}

/** A version's hashes: recorded at release in releases.json, else its build's record (dist/). */
function integrityOf(pkg: string, state: RemoteRelease, version: string): EntryHashes | null {
  return state.hashes?.[version] ?? entryHashes(readIntegrityRecord(versionDir(pkg, version)));
}

/**
 * Where a version of a remote is served from: its release folder, or, for
 * the version in its package.json, its own dist/ (what `npm run build -w`
 * produces), so a plain build is served without a release step.
 */
export function versionDir(pkg: string, version: string): string {
  if (!isValidVersion(version)) throw new Error(`Invalid version "${version}"`);
  const released = path.join(DEPLOY_DIR, pkg, version);
  if (existsSync(path.join(released, 'mf-manifest.json'))) return released;
  if (version === packageVersion(pkg)) return path.join(ROOT, pkg, DIST);
  return released;
}

/**
 * Per exposed page of a version, the chunk files (scripts and stylesheets)
 * its entry will load for it (its manifest's exposes, without the entry's own
 * chunks), so the shell can fetch them with the entry instead of one round
 * trip after it. Empty if
 * the version has no manifest.
 */
function pageChunks(pkg: string, version: string): Record<string, string[]> {
  const file = path.join(versionDir(pkg, version), 'mf-manifest.json');
  if (!existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
  const entryChunks = new Set(manifest.metaData?.remoteEntryChunks ?? []);
  return Object.fromEntries(
    (manifest.exposes ?? []).map((expose) => [
      expose.path ?? `./${expose.name}`,
      [...expose.assets.js.sync, ...(expose.assets.css?.sync ?? [])].filter(
        (chunk) => !entryChunks.has(chunk),
      ),
    ]),
  );
}

/** The parts of a build's mf-manifest.json read here. */
interface FederationManifest {
  metaData?: { remoteEntryChunks?: string[] };
  exposes?: Array<{
    name: string;
    path?: string;
    assets: { js: { sync: string[] }; css?: { sync: string[] } };
  }>;
}

/** The /remotes.json document for a browser that reached the shell at `hostname`. */
export function renderRemotesJson({
  protocol,
  hostname,
  apiUrl,
}: {
  protocol: string;
  hostname: string;
  apiUrl: string;
}) {
  const releases = readReleases();
  const url = (remote: Remote, version: string) =>
    `${protocol}//${hostname}:${remote.port}/${encodeURIComponent(version)}/mf-manifest.json`;
  const integrity = (remote: Remote, state: RemoteRelease, version: string) => {
    const hashes = integrityOf(remote.pkg, state, version);
    return hashes ? { integrity: hashes } : {};
  };
  const remotes: Record<string, object> = {};
  for (const remote of REMOTES) {
    const state = releases[remote.pkg]!;
    remotes[remote.name] = {
      package: remote.pkg,
      url: url(remote, state.stable),
      version: state.stable,
      ...integrity(remote, state, state.stable),
      pages: pageChunks(remote.pkg, state.stable),
      roles: remote.roles,
      ...(state.canary
        ? {
            canary: {
              url: url(remote, state.canary.version),
              version: state.canary.version,
              percent: state.canary.percent,
              ...integrity(remote, state, state.canary.version),
              pages: pageChunks(remote.pkg, state.canary.version),
            },
          }
        : {}),
    };
  }
  return { apiUrl, requireIntegrity: REQUIRE_INTEGRITY, remotes };
}
