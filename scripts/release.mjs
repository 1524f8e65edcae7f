// Deploys one remote without touching the shell or any other remote.
//
//   npm run release -- mfe-qr --version 1.1.0              build and make stable
//   npm run release -- mfe-qr --version 1.1.0 --canary 50  build as a 50 % canary
//   npm run release -- promote mfe-qr                      canary becomes stable
//   npm run release -- rollback mfe-qr                     drop the canary, or go back to the previous stable
//   npm run release -- status                              what is live
//
// A build goes to deploy/<remote>/<version>/; the running shell picks the
// change up from /remotes.json on the next page load.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { DEPLOY_DIR, REMOTES, ROOT, findRemote, packageVersion } from './lib/apps.mjs';
import { isValidVersion, readReleases, versionDir, writeReleases } from './lib/releases.mjs';

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(2);
}

function buildRelease(remote, version) {
  const outDir = path.join(DEPLOY_DIR, remote.pkg, version);
  const result = spawnSync('npx', ['rspack', 'build'], {
    cwd: path.join(ROOT, remote.pkg),
    stdio: 'inherit',
    env: { ...process.env, REMOTE_VERSION: version, BUILD_OUT_DIR: outDir },
  });
  if (result.status !== 0) fail(`build of ${remote.pkg} ${version} failed`);
}

function release(remote, { version, canary }) {
  if (!isValidVersion(version))
    fail(`"${version}" is not a valid version (letters, digits, ., _ and -, no "..")`);
  const percent = canary === undefined ? undefined : Number(canary);
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 0 && percent <= 100)) {
    fail('--canary takes a whole percentage from 0 to 100');
  }
  buildRelease(remote, version);
  const releases = readReleases();
  const state = releases[remote.pkg];
  if (percent === undefined) {
    releases[remote.pkg] = { stable: version, previous: state.stable };
    console.log(`${remote.pkg} ${version} is now stable (was ${state.stable}).`);
  } else {
    releases[remote.pkg] = { ...state, canary: { version, percent } };
    console.log(
      `${remote.pkg} ${version} is a canary for ${percent} % of users (stable: ${state.stable}).`,
    );
  }
  writeReleases(releases);
}

function promote(remote) {
  const releases = readReleases();
  const state = releases[remote.pkg];
  if (!state.canary) fail(`${remote.pkg} has no canary to promote`);
  releases[remote.pkg] = { stable: state.canary.version, previous: state.stable };
  writeReleases(releases);
  console.log(`${remote.pkg} ${state.canary.version} promoted to stable (was ${state.stable}).`);
}

function rollback(remote) {
  const releases = readReleases();
  const state = releases[remote.pkg];
  if (state.canary) {
    releases[remote.pkg] = {
      stable: state.stable,
      ...(state.previous ? { previous: state.previous } : {}),
    };
    console.log(
      `${remote.pkg} canary ${state.canary.version} withdrawn; everyone is on ${state.stable}.`,
    );
  } else if (state.previous) {
    if (!existsSync(path.join(versionDir(remote.pkg, state.previous), 'mf-manifest.json'))) {
      fail(`${remote.pkg} ${state.previous} is no longer deployed`);
    }
    releases[remote.pkg] = { stable: state.previous };
    console.log(`${remote.pkg} rolled back from ${state.stable} to ${state.previous}.`);
  } else {
    fail(`${remote.pkg} has nothing to roll back to`);
  }
  writeReleases(releases);
}

function status() {
  const releases = readReleases();
  for (const remote of REMOTES) {
    const state = releases[remote.pkg];
    const canary = state.canary
      ? `canary ${state.canary.version} @ ${state.canary.percent} %`
      : 'no canary';
    console.log(`${remote.pkg.padEnd(14)} stable ${state.stable.padEnd(12)} ${canary}`);
  }
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { version: { type: 'string' }, canary: { type: 'string' } },
});
const [command, target] = positionals;

if (command === 'status') status();
else if (command === 'promote') promote(findRemote(target ?? fail('promote needs a remote name')));
else if (command === 'rollback')
  rollback(findRemote(target ?? fail('rollback needs a remote name')));
else if (command) {
  const remote = findRemote(command);
  release(remote, {
    version: values.version ?? `${packageVersion(remote.pkg)}-${Date.now()}`,
    canary: values.canary,
  });
} else {
  fail(
    'usage: release <remote> [--version V] [--canary N] | promote <remote> | rollback <remote> | status',
  );
}
