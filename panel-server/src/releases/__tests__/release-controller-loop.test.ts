// One pass of the release controller on a deploy folder written here: what it
// changes in releases.json, what it logs and audits, and that it leaves the
// folder alone while a release command holds the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Health } from '../release-controller';
import type { Releases } from '../releases';

let deploy: string;

beforeEach(() => {
  deploy = mkdtempSync(path.join(os.tmpdir(), 'release-controller-'));
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

const QUIET: Health = { canary: { loads: 0, failures: 0 }, stable: { loads: 0, failures: 0 } };
const FAILING: Health = { canary: { loads: 8, failures: 8 }, stable: { loads: 8, failures: 0 } };

function writeState(state: Releases) {
  writeFileSync(path.join(deploy, 'releases.json'), JSON.stringify(state));
}

const readState = () =>
  JSON.parse(readFileSync(path.join(deploy, 'releases.json'), 'utf8')) as Releases;

/** Runs one pass with `health` as every canary's load reports (null: the API is away). */
function pass(health: Health | null, now: number) {
  const result = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      path.join(__dirname, 'controller-pass.ts'),
      JSON.stringify(health),
      String(now),
    ],
    {
      env: { ...process.env, DEPLOY_DIR: deploy, DATA_DIR: path.join(deploy, 'data') },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as {
    events: Array<{ remote: string; kind: string; message: string }>;
    audits: Array<{ action: string; remote: string; automatic: boolean; percent?: number }>;
  };
}

const SCHEDULED: Releases = {
  'mfe-qr': {
    stable: '1.0.0',
    canary: { version: '2.0.0', percent: 10, schedule: { step: 40, everyMs: 1000, nextAt: 5000 } },
  },
};

it('raises a due canary, writes the state, logs the event and audits it as automatic', () => {
  writeState(SCHEDULED);
  const { events, audits } = pass(QUIET, 5000);
  expect(events).toEqual([
    {
      remote: 'mfe-qr',
      kind: 'step',
      message: 'canary 2.0.0 raised from 10 % to 50 % on schedule',
    },
  ]);
  expect(audits).toEqual([
    expect.objectContaining({ action: 'step', remote: 'mfe-qr', automatic: true, percent: 50 }),
  ]);
  expect(readState()['mfe-qr']?.canary).toEqual({
    version: '2.0.0',
    percent: 50,
    schedule: { step: 40, everyMs: 1000, nextAt: 6000 },
  });
  const logged = readFileSync(path.join(deploy, 'release-events.jsonl'), 'utf8');
  expect(logged).toContain('"kind":"step"');
});

it('rolls a failing canary back', () => {
  writeState(SCHEDULED);
  const { events } = pass(FAILING, 1000);
  expect(events.map((event) => event.kind)).toEqual(['rollback']);
  expect(readState()['mfe-qr']).toEqual({
    stable: '1.0.0',
    rolledBack: { version: '2.0.0', at: 1000 },
  });
});

it('keeps to the schedule when the load reports cannot be read', () => {
  writeState(SCHEDULED);
  expect(pass(null, 5000).events.map((event) => event.kind)).toEqual(['step']);
});

it('changes nothing while a release command holds the lock', () => {
  writeState(SCHEDULED);
  // This test's own process: alive, so the lock is not stale.
  writeFileSync(
    path.join(deploy, '.release.lock'),
    JSON.stringify({ pid: process.pid, command: 'release mfe-qr', at: new Date().toISOString() }),
  );
  expect(pass(FAILING, 5000)).toEqual({ events: [], audits: [] });
  expect(readState()).toEqual(SCHEDULED);
  expect(existsSync(path.join(deploy, 'release-events.jsonl'))).toBe(false);
});
