// The release gate, the release lock and the release controller's decisions,
// without a browser or a build: contracts are written here the way
// shared/build/release-contract.cjs writes them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { checkContract, satisfies } from '../contract-gate';
import {
  applyAction,
  controllerConfig,
  decide,
  parseDuration,
  rollbackReason,
} from '../release-controller';
import { LockBusyError, acquireLock } from '../release-lock';
import type { RemoteRelease } from '../releases';

const SINGLETON_VERSIONS = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  'react-redux': '9.3.1',
  '@reduxjs/toolkit': '2.14.0',
  '@panel/shared': '1.0.0',
};

const host = {
  kind: 'host',
  name: 'shell',
  package: 'shell',
  version: '1.0.0',
  runtime: {
    version: '2.9.2',
    shareScope: 'default',
    providesExternalRuntime: true,
    providesBundlerRuntime: 2,
  },
  provides: SINGLETON_VERSIONS,
  routes: [
    { remote: 'mfe_qr', exposed: './QrPage', path: 'qr' },
    { remote: 'mfe_dashboard', exposed: './HomePage', path: 'home' },
  ],
  endpoints: ['getShopInfo', 'changeShopStatus', 'getPendingCount'],
};

function qrBuild(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'remote',
    name: 'mfe_qr',
    package: 'mfe-qr',
    version: '2.0.0',
    runtime: {
      builtWith: '2.9.2',
      requiredVersion: '^2.9.0',
      shareScope: 'default',
      externalRuntime: true,
      bundlerRuntimeFromShell: 2,
    },
    exposes: ['./QrPage'],
    shared: Object.fromEntries(
      Object.entries(SINGLETON_VERSIONS).map(([name, version]) => [
        name,
        { requiredVersion: `^${version}`, singleton: true },
      ]),
    ),
    endpoints: ['getQrOptions', 'generateQrCodes'],
    ...overrides,
  };
}

const dashboard = {
  label: 'mfe-dashboard 1.0.0',
  contract: {
    ...qrBuild(),
    name: 'mfe_dashboard',
    package: 'mfe-dashboard',
    endpoints: ['getLoans'],
  },
};

describe('the release gate', () => {
  it('lets a build that fits the deployed shell and the other remotes through', () => {
    expect(checkContract({ candidate: qrBuild(), host, others: [dashboard] })).toEqual([]);
  });

  it('refuses a build missing a page the route table loads from it, naming the page', () => {
    const problems = checkContract({ candidate: qrBuild({ exposes: [] }), host, others: [] });
    expect(problems).toEqual([
      `mfe-qr 2.0.0 does not expose ./QrPage, which the shell's route table loads for "qr"`,
    ]);
  });

  it('refuses a build requiring a React the shell does not provide', () => {
    const candidate = qrBuild();
    candidate.shared.react = { requiredVersion: '^20.0.0', singleton: true };
    expect(checkContract({ candidate, host })).toEqual([
      'mfe-qr 2.0.0 requires react ^20.0.0, but the deployed shell provides 19.3.1',
    ]);
  });

  it('refuses a build sharing a singleton the shell does not provide', () => {
    const { '@panel/shared': _dropped, ...provides } = SINGLETON_VERSIONS;
    expect(checkContract({ candidate: qrBuild(), host: { ...host, provides } })).toEqual([
      'mfe-qr 2.0.0 shares @panel/shared, which the deployed shell does not provide',
    ]);
  });

  it('refuses a build whose injected endpoint another remote injects, naming both', () => {
    const candidate = qrBuild({ endpoints: ['getQrOptions', 'getLoans'] });
    expect(checkContract({ candidate, host, others: [dashboard] })).toEqual([
      'mfe-qr 2.0.0 injects the API endpoint "getLoans", which mfe-dashboard 1.0.0 injects too',
    ]);
  });

  it("refuses a build whose endpoint collides with the shell's or @panel/shared's", () => {
    const candidate = qrBuild({ endpoints: ['getShopInfo'] });
    expect(checkContract({ candidate, host })).toEqual([
      'mfe-qr 2.0.0 injects the API endpoint "getShopInfo", which the shell or @panel/shared injects too',
    ]);
  });

  it('lets a remote built against a newer patch of the same runtime minor through', () => {
    const candidate = qrBuild({
      runtime: { ...qrBuild().runtime, builtWith: '2.9.7', requiredVersion: '^2.9.0' },
    });
    expect(checkContract({ candidate, host })).toEqual([]);
  });

  it('lets a remote built against an older runtime minor run on a newer shell', () => {
    const candidate = qrBuild({
      runtime: { ...qrBuild().runtime, builtWith: '2.8.4', requiredVersion: '^2.8.0' },
    });
    expect(checkContract({ candidate, host })).toEqual([]);
  });

  it('refuses a remote built against a runtime the shell, one version behind, does not run', () => {
    const candidate = qrBuild({
      runtime: { ...qrBuild().runtime, builtWith: '2.10.0', requiredVersion: '^2.10.0' },
    });
    expect(checkContract({ candidate, host })).toEqual([
      'mfe-qr 2.0.0 was built against federation runtime 2.10.0 and needs ^2.10.0, but the deployed shell runs 2.9.2; deploy a shell with a matching runtime first',
    ]);
  });

  it('refuses a remote built against another runtime major', () => {
    const candidate = qrBuild({
      runtime: { ...qrBuild().runtime, builtWith: '3.0.0', requiredVersion: '^3.0.0' },
    });
    expect(checkContract({ candidate, host })).toHaveLength(1);
    expect(
      checkContract({
        candidate: qrBuild(),
        host: { ...host, runtime: { ...host.runtime, version: '3.0.0' } },
      }),
    ).toHaveLength(1);
  });

  it('refuses when either side does not record its runtime, or the share scopes differ', () => {
    const { runtime: _none, ...oldShell } = host;
    expect(checkContract({ candidate: qrBuild(), host: oldShell })).toEqual([
      'mfe-qr 2.0.0 was built against federation runtime 2.9.2, but the deployed shell does not record its runtime version; rebuild and deploy the shell first',
    ]);
    expect(checkContract({ candidate: qrBuild({ runtime: undefined }), host })).toEqual([
      'mfe-qr 2.0.0 does not record the federation runtime it was built against; rebuild it',
    ]);
    const otherScope = qrBuild({ runtime: { ...qrBuild().runtime, shareScope: 'panel' } });
    expect(checkContract({ candidate: otherScope, host })).toEqual([
      'mfe-qr 2.0.0 shares in scope "panel", but the deployed shell in "default"',
    ]);
  });

  it('refuses a remote taking the bundler runtime from a shell that does not provide it', () => {
    // A shell built before the bundler runtime was shared carries its own copy only.
    const { providesBundlerRuntime: _no, ...olderRuntime } = host.runtime;
    expect(
      checkContract({ candidate: qrBuild(), host: { ...host, runtime: olderRuntime } }),
    ).toEqual([
      'mfe-qr 2.0.0 takes the federation bundler runtime from the shell, but the deployed shell does not provide one; deploy the shell first',
    ]);
    // A remote built with its own copy still runs on it.
    const ownCopy = qrBuild({ runtime: { ...qrBuild().runtime, bundlerRuntimeFromShell: false } });
    expect(checkContract({ candidate: ownCopy, host: { ...host, runtime: olderRuntime } })).toEqual(
      [],
    );
  });

  it("refuses a remote taking the runtime's error messages from a shell that provides only the bundler runtime", () => {
    // A shell built when it provided the bundler runtime alone recorded `true` (level 1).
    const levelOne = { ...host, runtime: { ...host.runtime, providesBundlerRuntime: true } };
    expect(checkContract({ candidate: qrBuild(), host: levelOne })).toEqual([
      "mfe-qr 2.0.0 takes the federation bundler runtime from the shell at level 2 (with the runtime's error messages), but the deployed shell provides level 1; deploy the shell first",
    ]);
    // A remote of that time (level 1, `true`) runs on the newer shell and on its own.
    const levelOneRemote = qrBuild({
      runtime: { ...qrBuild().runtime, bundlerRuntimeFromShell: true },
    });
    expect(checkContract({ candidate: levelOneRemote, host })).toEqual([]);
    expect(checkContract({ candidate: levelOneRemote, host: levelOne })).toEqual([]);
  });

  it('lists every problem at once', () => {
    const candidate = qrBuild({ exposes: [], endpoints: ['getLoans'] });
    candidate.shared['react-dom'] = { requiredVersion: '~18.2.0', singleton: true };
    expect(checkContract({ candidate, host, others: [dashboard] })).toHaveLength(3);
  });

  it('reads npm ranges the way npm does for the cases builds write', () => {
    expect(satisfies('19.3.1', '^19.3.1')).toBe(true);
    expect(satisfies('19.4.0', '^19.3.1')).toBe(true);
    expect(satisfies('19.3.0', '^19.3.1')).toBe(false);
    expect(satisfies('20.0.0', '^19.3.1')).toBe(false);
    expect(satisfies('0.2.5', '^0.2.1')).toBe(true);
    expect(satisfies('0.3.0', '^0.2.1')).toBe(false);
    expect(satisfies('7.18.9', '~7.18.5')).toBe(true);
    expect(satisfies('7.19.0', '~7.18.5')).toBe(false);
    expect(satisfies('19.3.1', '>=18 <20')).toBe(true);
    expect(satisfies('19.3.1', '^18.0.0 || ^19.0.0')).toBe(true);
    expect(satisfies('19.3.1', '*')).toBe(true);
    expect(satisfies('19.3.1', '19.3.1')).toBe(true);
    expect(satisfies('19.3.1', '19.3.2')).toBe(false);
    expect(satisfies('19.3.1', '19.x')).toBe(true);
  });
});

describe('the release lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'release-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets one of two steps in and tells the other who holds it', () => {
    const release = acquireLock(dir, 'release mfe-qr --version 2.0.0');
    expect(() => acquireLock(dir, 'promote mfe-qr')).toThrow(LockBusyError);
    expect(() => acquireLock(dir, 'promote mfe-qr')).toThrow(
      /another release step is running \(release mfe-qr --version 2\.0\.0, pid \d+/,
    );
    release();
    const again = acquireLock(dir, 'promote mfe-qr');
    again();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    const file = path.join(dir, '.release.lock');
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, command: 'crashed' }));
    const release = acquireLock(dir, 'rollback mfe-qr');
    expect(JSON.parse(readFileSync(file, 'utf8')).command).toBe('rollback mfe-qr');
    release();
  });
});

describe('the release controller', () => {
  const config = {
    ...controllerConfig({}),
    minViews: 5,
    minFailures: 5,
    failurePercent: 50,
    ratio: 3,
  };

  it('rolls back a canary failing half its views or more, whatever stable does', () => {
    expect(rollbackReason({ loads: 10, failures: 5 }, { loads: 0, failures: 0 }, config)).toBe(
      'rate',
    );
    expect(rollbackReason({ loads: 8, failures: 8 }, { loads: 100, failures: 90 }, config)).toBe(
      'rate',
    );
    // Fewer than 5 views or 5 failures: not enough evidence, however bad the rate.
    expect(
      rollbackReason({ loads: 4, failures: 4 }, { loads: 100, failures: 0 }, config),
    ).toBeNull();
    expect(
      rollbackReason({ loads: 6, failures: 4 }, { loads: 100, failures: 0 }, config),
    ).toBeNull();
  });

  it('compares a lower rate with stable only when stable has 5 views of its own', () => {
    expect(rollbackReason({ loads: 20, failures: 6 }, { loads: 100, failures: 1 }, config)).toBe(
      'ratio',
    );
    // Failing, but no worse than 3× stable: stable is as bad.
    expect(
      rollbackReason({ loads: 100, failures: 10 }, { loads: 100, failures: 5 }, config),
    ).toBeNull();
    // Stable's four quiet views say nothing about a 30 % canary.
    expect(
      rollbackReason({ loads: 20, failures: 6 }, { loads: 4, failures: 0 }, config),
    ).toBeNull();
  });

  it('reads RELEASE_ROLLBACK_MIN_VIEWS and RELEASE_ROLLBACK_PERCENT', () => {
    expect(controllerConfig({})).toEqual(
      expect.objectContaining({ minViews: 5, minFailures: 5, failurePercent: 50, ratio: 3 }),
    );
    expect(
      controllerConfig({ RELEASE_ROLLBACK_MIN_VIEWS: '20', RELEASE_ROLLBACK_PERCENT: '25' }),
    ).toEqual(expect.objectContaining({ minViews: 20, failurePercent: 25 }));
    expect(controllerConfig({ RELEASE_ROLLBACK_PERCENT: '400' }).failurePercent).toBe(100);
  });

  // What the API stores for each of issue 28's attacks (api/test/remote-load-reports.test.ts,
  // "forged reports"), and what the controller then does.
  describe('the attacks of issue 28', () => {
    const state = { stable: '1.0.0', canary: { version: '2.0.0', percent: 10 } };

    it("one load and five errors for the canary's version (one view, one failure) withdraw nothing", () => {
      const health = { canary: { loads: 1, failures: 1 }, stable: { loads: 0, failures: 0 } };
      expect(decide(state, health, 0, controllerConfig({}))).toBeNull();
    });

    it('a version that was not deployed has no views to be rolled back on', () => {
      const health = { canary: { loads: 0, failures: 0 }, stable: { loads: 0, failures: 0 } };
      expect(decide(state, health, 0, controllerConfig({}))).toBeNull();
    });

    it('one load and one error for stable do not shield a canary failing eight real views in eight', () => {
      const health = { canary: { loads: 8, failures: 8 }, stable: { loads: 1, failures: 1 } };
      const action = decide(state, health, 0, controllerConfig({}));
      expect(action?.kind).toBe('rollback');
      expect(action?.message).toBe(
        'canary 2.0.0 rolled back automatically: 8 failures in 8 loads (100.0 %), at least 50 % of its views failed; stable 1.0.0: 1 in 1 (100.0 %)',
      );
      // Nor do five forged failing views of stable.
      expect(
        decide(
          state,
          { canary: { loads: 8, failures: 8 }, stable: { loads: 5, failures: 5 } },
          0,
          controllerConfig({}),
        )?.kind,
      ).toBe('rollback');
    });
  });

  it('raises a progressive canary on schedule, then promotes it one step after 100 %', () => {
    const now = 1_000_000;
    let state: RemoteRelease = {
      stable: '1.0.0',
      canary: { version: '2.0.0', percent: 10, schedule: { step: 40, everyMs: 1000, nextAt: now } },
    };
    expect(decide(state, null, now - 1, config)).toBeNull();
    const steps: number[] = [];
    for (let t = now; state.canary; t += 1000) {
      const action = decide(
        state,
        { canary: { loads: 0, failures: 0 }, stable: { loads: 0, failures: 0 } },
        t,
        config,
      );
      if (!action) throw new Error(`no action at ${t}`);
      state = applyAction(state, action, t);
      if (state.canary) steps.push(state.canary.percent);
    }
    expect(steps).toEqual([50, 90, 100]);
    expect(state).toEqual(expect.objectContaining({ stable: '2.0.0', previous: '1.0.0' }));
  });

  it('rolls back before stepping, and says why', () => {
    const state = {
      stable: '1.0.0',
      canary: { version: '2.0.0', percent: 50, schedule: { step: 10, everyMs: 1000, nextAt: 0 } },
    };
    const action = decide(
      state,
      { canary: { loads: 8, failures: 8 }, stable: { loads: 8, failures: 0 } },
      10,
      config,
    );
    if (!action) throw new Error('no action');
    expect(action.kind).toBe('rollback');
    expect(action.message).toMatch(/8 failures in 8 loads/);
    expect(applyAction(state, action, 10)).toEqual({
      stable: '1.0.0',
      rolledBack: { version: '2.0.0', at: 10 },
    });
  });

  it('reads durations', () => {
    expect(parseDuration('60s')).toBe(60_000);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('1500ms')).toBe(1500);
    expect(parseDuration('soon')).toBeNull();
  });
});
