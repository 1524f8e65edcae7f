// Release state of the remotes (deploy/releases.json): which version of each
// is stable, which is a canary for what share of users, and which was stable
// before (for rollback). /remotes.json is rendered from it on every request.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DEPLOY_DIR, DIST, REMOTES, ROOT, packageVersion } from './apps.mjs';

const RELEASES_FILE = path.join(DEPLOY_DIR, 'releases.json');

/**
 * A version names a folder, so it is checked before it is used as one: a
 * letter or digit first, then letters, digits, `.`, `_` and `-`, never `..`.
 */
export function isValidVersion(version) {
  return /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/.test(version) && !version.includes('..');
}

export function readReleases() {
  const saved = existsSync(RELEASES_FILE) ? JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) : {};
  const releases = {};
  for (const remote of REMOTES) {
    releases[remote.pkg] = saved[remote.pkg] ?? { stable: packageVersion(remote.pkg) };
  }
  return releases;
}

/** Written to a temp file and renamed, so a server never reads half a file. */
export function writeReleases(releases) {
  mkdirSync(DEPLOY_DIR, { recursive: true });
  const temp = `${RELEASES_FILE}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(releases, null, 2)}\n`);
  renameSync(temp, RELEASES_FILE);
}

/**
 * Where a version of a remote is served from: its release folder, or, for
 * the version in its package.json, its own dist/ (what `npm run build -w`
 * produces), so a plain build is served without a release step.
 */
export function versionDir(pkg, version) {
  if (!isValidVersion(version)) throw new Error(`Invalid version "${version}"`);
  const released = path.join(DEPLOY_DIR, pkg, version);
  if (existsSync(path.join(released, 'mf-manifest.json'))) return released;
  if (version === packageVersion(pkg)) return path.join(ROOT, pkg, DIST);
  return released;
}

/** The /remotes.json document for a browser that reached the shell at `hostname`. */
export function renderRemotesJson({ protocol, hostname, apiUrl }) {
  const releases = readReleases();
  const url = (remote, version) =>
    `${protocol}//${hostname}:${remote.port}/${encodeURIComponent(version)}/mf-manifest.json`;
  const remotes = {};
  for (const remote of REMOTES) {
    const state = releases[remote.pkg];
    remotes[remote.name] = {
      package: remote.pkg,
      url: url(remote, state.stable),
      version: state.stable,
      roles: remote.roles,
      ...(state.canary
        ? {
            canary: {
              url: url(remote, state.canary.version),
              version: state.canary.version,
              percent: state.canary.percent,
            },
          }
        : {}),
    };
  }
  return { apiUrl, remotes };
}
