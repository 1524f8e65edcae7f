// Deploys one remote without touching the shell or any other remote.
//
//   npm run release -- mfe-qr --version 1.1.0              build, check and make stable
//   npm run release -- mfe-qr --version 1.1.0 --canary 50  build, check, a 50 % canary
//   npm run release -- mfe-qr --version 1.2.0 --canary 10 --step 10 --every 60s
//                                                          10 % → 20 % → … → 100 % → promoted
//   npm run release -- promote mfe-qr                      canary becomes stable
//   npm run release -- rollback mfe-qr                     drop the canary, or go back to the previous stable
//   npm run release -- status                              what is live, schedules, recent events
//   npm run release -- tick                                run the release controller once
//
// A build goes to a staging folder, is checked against the deployed shell and
// the other live remotes (releases/contract-gate.ts), then renamed to
// deploy/<remote>/<version>/ and its hashes recorded in deploy/releases.json;
// the running shell picks the change up from /remotes.json on the next page
// load. Every step holds deploy/.release.lock: of two at once, one is refused.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import {
  DEPLOY_DIR,
  DIST,
  REMOTES,
  ROOT,
  findRemote,
  packageVersion,
  type Remote,
} from '../../scripts/lib/apps.mjs';
import { hashFolder, integrityRecordPath } from '../../shared/build/release-contract.cjs';
import { checkContract, type Contract } from './releases/contract-gate';
import {
  operatorActor,
  recordReleaseAudit,
  type ReleaseAuditEntry,
} from './releases/release-audit';
import { parseDuration } from './releases/release-controller';
import { runControllerOnce } from './releases/release-controller-loop';
import { LockBusyError, acquireLock } from './releases/release-lock';
import {
  entryHashes,
  isValidVersion,
  readIntegrityRecord,
  readReleaseEvents,
  readReleases,
  versionDir,
  writeReleases,
  type Releases,
  type RemoteRelease,
  type Schedule,
} from './releases/releases';

class ReleaseError extends Error {}

function fail(message: string): never {
  throw new ReleaseError(message);
}

function readContract(file: string): Contract | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Contract) : null;
}

/** The options of a release as given on the command line. */
interface RolloutOptions {
  canary: string | undefined;
  step: string | undefined;
  every: string | undefined;
}

/** What a command did, for the audit log (actor and `automatic` added when recorded). */
type Done = Omit<ReleaseAuditEntry, 'actor' | 'automatic'>;

/**
 * Builds a remote's release into `outDir`. PANEL_BUILD_CONFIG names another
 * Rspack config to build with (the browser tests' faulty builds,
 * e2e/build/faulty-build.cjs); by default the remote's own.
 */
function buildInto(remote: Remote, version: string, outDir: string): void {
  const config = process.env.PANEL_BUILD_CONFIG;
  const args = ['rspack', 'build', ...(config ? ['-c', path.resolve(ROOT, config)] : [])];
  const result = spawnSync('npx', args, {
    cwd: path.join(ROOT, remote.pkg),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      REMOTE_VERSION: version,
      BUILD_OUT_DIR: outDir,
    },
  });
  if (result.status !== 0) fail(`build of ${remote.pkg} ${version} failed`);
}

/** The gate: the candidate's contract against the deployed shell's and the other live remotes'. */
function gate(remote: Remote, version: string, dir: string, releases: Releases): void {
  const candidate = readContract(path.join(dir, 'contract.json'));
  if (!candidate) fail(`${remote.pkg} ${version} publishes no contract.json`);
  const host = readContract(path.join(ROOT, 'shell', DIST, 'contract.json'));
  if (!host)
    fail(`the deployed shell publishes no contract.json (shell/${DIST}); rebuild the shell`);
  const others: Array<{ label: string; contract: Contract }> = [];
  for (const other of REMOTES.filter((r) => r.pkg !== remote.pkg)) {
    const state = releases[other.pkg]!;
    for (const live of [state.stable, state.canary?.version].filter((v) => v !== undefined)) {
      const contract = readContract(path.join(versionDir(other.pkg, live), 'contract.json'));
      if (contract) others.push({ label: `${other.pkg} ${live}`, contract });
      else console.warn(`release: ${other.pkg} ${live} publishes no contract.json; not compared`);
    }
  }
  const problems = checkContract({ candidate, host, others });
  if (problems.length > 0) {
    fail(
      `refused: ${remote.pkg} ${version} does not fit the deployed panel:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

function parseRollout({ canary, step, every }: RolloutOptions): {
  percent: number | undefined;
  schedule?: Omit<Schedule, 'nextAt'>;
} {
  const percent = canary === undefined ? undefined : Number(canary);
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 0 && percent <= 100)) {
    fail('--canary takes a whole percentage from 0 to 100');
  }
  if ((step === undefined) !== (every === undefined)) fail('--step and --every go together');
  if (step === undefined) return { percent };
  if (percent === undefined) fail('--step and --every need --canary');
  const stepPercent = Number(step);
  if (!(Number.isInteger(stepPercent) && stepPercent >= 1 && stepPercent <= 100)) {
    fail('--step takes a whole percentage from 1 to 100');
  }
  const everyMs = parseDuration(every);
  if (!everyMs) fail('--every takes a duration such as 60s, 5m or 1h');
  return { percent, schedule: { step: stepPercent, everyMs } };
}

/** Hashes kept for the versions that may still be served (stable, previous, canary). */
function keptHashes(state: RemoteRelease): RemoteRelease['hashes'] {
  const live = new Set([state.stable, state.previous, state.canary?.version]);
  return Object.fromEntries(Object.entries(state.hashes ?? {}).filter(([v]) => live.has(v)));
}

function release(
  remote: Remote,
  { version, ...rollout }: RolloutOptions & { version: string },
): Done {
  if (!isValidVersion(version))
    fail(`"${version}" is not a valid version (letters, digits, ., _ and -, no "..")`);
  const { percent, schedule } = parseRollout(rollout);
  const started = Date.now();
  const before = readReleases()[remote.pkg]!;
  if ([before.stable, before.canary?.version].includes(version)) {
    fail(`${remote.pkg} ${version} is live; release under a new version`);
  }
  const finalDir = path.join(DEPLOY_DIR, remote.pkg, version);
  const staging = path.join(DEPLOY_DIR, remote.pkg, `.staging-${version}-${process.pid}`);
  try {
    buildInto(remote, version, staging);
    gate(remote, version, staging, readReleases());
    // The record must describe the bytes being published.
    const record = readIntegrityRecord(staging);
    const actual = hashFolder(staging);
    if (!record || JSON.stringify(record) !== JSON.stringify(actual)) {
      fail(`${remote.pkg} ${version}: the build's integrity record does not match its files`);
    }
    rmSync(finalDir, { recursive: true, force: true });
    renameSync(staging, finalDir);
    renameSync(integrityRecordPath(staging), integrityRecordPath(finalDir));
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(integrityRecordPath(staging), { force: true });
  }
  const hashes = entryHashes(readIntegrityRecord(finalDir));
  if (!hashes) fail(`${remote.pkg} ${version} has no remoteEntry.js or mf-manifest.json`);

  const releases = readReleases();
  const state = releases[remote.pkg]!;
  const withHashes = { ...state.hashes, [version]: hashes };
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (percent === undefined) {
    const next: RemoteRelease = { stable: version, previous: state.stable, hashes: withHashes };
    releases[remote.pkg] = { ...next, hashes: keptHashes(next) };
    console.log(
      `${remote.pkg} ${version} is now stable (was ${state.stable}); built and checked in ${seconds} s.`,
    );
  } else {
    const canary = {
      version,
      percent,
      ...(schedule ? { schedule: { ...schedule, nextAt: Date.now() + schedule.everyMs } } : {}),
    };
    const next: RemoteRelease = { ...state, canary, hashes: withHashes };
    delete next.rolledBack;
    releases[remote.pkg] = { ...next, hashes: keptHashes(next) };
    console.log(
      `${remote.pkg} ${version} is a canary for ${percent} % of users (stable: ${state.stable}); built and checked in ${seconds} s.`,
    );
    if (schedule) {
      console.log(
        `  schedule: +${schedule.step} % every ${formatDuration(schedule.everyMs)} to 100 %, then promoted.`,
      );
    }
  }
  console.log(`  entry ${hashes.entry}`);
  writeReleases(releases);
  return {
    action: 'release',
    remote: remote.pkg,
    version,
    stable_before: state.stable,
    stable_after: releases[remote.pkg]!.stable,
    ...(percent === undefined ? {} : { percent }),
  };
}

function promote(remote: Remote): Done {
  const releases = readReleases();
  const state = releases[remote.pkg]!;
  if (!state.canary) fail(`${remote.pkg} has no canary to promote`);
  const next: RemoteRelease = {
    stable: state.canary.version,
    previous: state.stable,
    hashes: state.hashes,
  };
  releases[remote.pkg] = { ...next, hashes: keptHashes(next) };
  writeReleases(releases);
  console.log(`${remote.pkg} ${state.canary.version} promoted to stable (was ${state.stable}).`);
  return {
    action: 'promote',
    remote: remote.pkg,
    version: state.canary.version,
    stable_before: state.stable,
    stable_after: state.canary.version,
  };
}

function rollback(remote: Remote): Done {
  const releases = readReleases();
  const state = releases[remote.pkg]!;
  if (state.canary) {
    const next: RemoteRelease = {
      stable: state.stable,
      ...(state.previous ? { previous: state.previous } : {}),
      hashes: state.hashes,
    };
    releases[remote.pkg] = { ...next, hashes: keptHashes(next) };
    console.log(
      `${remote.pkg} canary ${state.canary.version} withdrawn; everyone is on ${state.stable}.`,
    );
  } else if (state.previous) {
    if (!existsSync(path.join(versionDir(remote.pkg, state.previous), 'mf-manifest.json'))) {
      fail(`${remote.pkg} ${state.previous} is no longer deployed`);
    }
    const next: RemoteRelease = { stable: state.previous, hashes: state.hashes };
    releases[remote.pkg] = { ...next, hashes: keptHashes(next) };
    console.log(`${remote.pkg} rolled back from ${state.stable} to ${state.previous}.`);
  } else {
    fail(`${remote.pkg} has nothing to roll back to`);
  }
  writeReleases(releases);
  return {
    action: 'rollback',
    remote: remote.pkg,
    // The version taken away: the canary, or the stable one left.
    version: state.canary?.version ?? state.stable,
    stable_before: state.stable,
    stable_after: releases[remote.pkg]!.stable,
  };
}

function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

function status(): void {
  const releases = readReleases();
  const now = Date.now();
  for (const remote of REMOTES) {
    const state = releases[remote.pkg]!;
    let canary = 'no canary';
    if (state.canary) {
      canary = `canary ${state.canary.version} @ ${state.canary.percent} %`;
      const schedule = state.canary.schedule;
      if (schedule) {
        const next = Math.max(0, Math.ceil((schedule.nextAt - now) / 1000));
        canary +=
          state.canary.percent >= 100
            ? ` (promoted in ${next} s)`
            : ` (+${schedule.step} % every ${formatDuration(schedule.everyMs)}, next step in ${next} s)`;
      }
    } else if (state.rolledBack) {
      canary = `no canary (${state.rolledBack.version} rolled back automatically)`;
    }
    let hashed = 'no hashes: not loaded in production';
    if (state.hashes?.[state.stable]) hashed = 'sha384 recorded at release';
    else if (entryHashes(readIntegrityRecord(versionDir(remote.pkg, state.stable)))) {
      hashed = 'sha384 from its build';
    }
    console.log(
      `${remote.pkg.padEnd(14)} stable ${state.stable.padEnd(12)} ${canary}  [${hashed}]`,
    );
  }
  const events = readReleaseEvents(10);
  if (events.length > 0) {
    console.log('\nrecent events:');
    for (const event of events) console.log(`  ${event.at}  ${event.remote}  ${event.message}`);
  }
}

const COMMANDS = ['status', 'promote', 'rollback', 'tick'];

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      canary: { type: 'string' },
      step: { type: 'string' },
      every: { type: 'string' },
    },
  });
  const [command, target] = positionals;
  if (!command) {
    fail(
      'usage: release <remote> [--version V] [--canary N [--step S --every 60s]] | promote <remote> | rollback <remote> | status | tick',
    );
  }
  if (command === 'status') {
    status();
    return;
  }
  if (command === 'tick') {
    const events = await runControllerOnce({ log: (line) => console.log(line) });
    if (events.length === 0) console.log('nothing to do');
    return;
  }
  const remote = COMMANDS.includes(command)
    ? findRemote(target ?? fail(`${command} needs a remote name`))
    : findRemote(command);
  let unlock;
  try {
    unlock = acquireLock(DEPLOY_DIR, `release ${process.argv.slice(2).join(' ')}`);
  } catch (error) {
    if (error instanceof LockBusyError) fail(`not now: ${error.message}`);
    throw error;
  }
  let done: Done;
  try {
    if (command === 'promote') done = promote(remote);
    else if (command === 'rollback') done = rollback(remote);
    else {
      done = release(remote, {
        version: values.version ?? `${packageVersion(remote.pkg)}-${Date.now()}`,
        canary: values.canary,
        step: values.step,
        every: values.every,
      });
    }
  } finally {
    unlock();
  }
  await recordReleaseAudit({ ...done, actor: operatorActor(), automatic: false });
}

main().catch((error: Error) => {
  console.error(`release: ${error.message}`);
  process.exit(error instanceof ReleaseError ? 2 : 1);
});
