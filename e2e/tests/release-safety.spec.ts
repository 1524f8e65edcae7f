import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

import { STORAGE_KEYS } from '../../shared/src/auth/session';
import { openAs } from '../fixtures/session';
import { QUICK_BUILD, REMOTE_PORTS, release, releaseState, runRelease } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

// Safe releases of one remote (issue 15), on the running system: the gate,
// integrity, automatic rollback of a failing canary, a progressive schedule
// and the release lock. Every test leaves mfe-qr on its stable 1.0.0. Only
// the integrity test, which checks the served bytes, makes a real release
// build; the others build quickly (QUICK_BUILD), and watch the release state
// in this process rather than through `release status`.

const ROOT = path.resolve(__dirname, '../..');
const DEPLOY_DIR = process.env.DEPLOY_DIR ?? path.join(ROOT, 'data', 'e2e-deploy');
const QR_ORIGIN = `http://localhost:${REMOTE_PORTS['mfe-qr']}`;
const unique = (label: string) => `9.${Date.now() % 100000}.0-${label}`;

/** A release quickly built with these faults (e2e/build/faulty-build.cjs); never throws. */
function releaseWith(faults: Record<string, string>, ...args: string[]) {
  return runRelease(args, { ...QUICK_BUILD, ...faults });
}

/** mfe-qr is on its stable 1.0.0 with no canary. */
function expectQrOnStable() {
  const qr = releaseState('mfe-qr');
  expect(qr.stable).toBe('1.0.0');
  expect(qr.canary).toBeUndefined();
}

/** Puts mfe-qr back on 1.0.0 with no canary, whatever a test left. */
function restoreQr() {
  if (releaseState('mfe-qr').canary) release('rollback', 'mfe-qr');
  if (releaseState('mfe-qr').stable !== '1.0.0') release('rollback', 'mfe-qr');
}

async function openQrAs(page: Page, id: string) {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEYS.rolloutId,
    value: id,
  });
  await page.goto('/qr');
  const loaded = page.locator('[data-remote="mfe_qr"]');
  const failed = page.locator('[data-remote-failed="mfe_qr"]');
  await expect(loaded.or(failed)).toBeVisible({ timeout: 20_000 });
  return (await failed.count()) > 0 ? 'failed' : await loaded.getAttribute('data-remote-version');
}

test.describe('the release gate', () => {
  test('refuses a build missing an exposed page, and one needing another React', () => {
    const missing = unique('nopage');
    const refused = releaseWith(
      { PANEL_FAULT_OMIT_EXPOSE: './QrPage' },
      'mfe-qr',
      '--version',
      missing,
    );
    expect(refused.status).toBe(2);
    expect(refused.output).toContain(
      `mfe-qr ${missing} does not expose ./QrPage, which the shell's route table loads for "qr"`,
    );
    expect(existsSync(path.join(DEPLOY_DIR, 'mfe-qr', missing))).toBe(false);

    const react = unique('react99');
    const wrongReact = releaseWith(
      { PANEL_FAULT_REQUIRE: 'react@^99.0.0' },
      'mfe-qr',
      '--version',
      react,
      '--canary',
      '50',
    );
    expect(wrongReact.status).toBe(2);
    expect(wrongReact.output).toMatch(
      new RegExp(
        `mfe-qr ${react} requires react \\^99\\.0\\.0, but the deployed shell provides 19\\.`,
      ),
    );
    expectQrOnStable();
  });

  test('refuses a remote built against a federation runtime newer than the live shell runs', () => {
    // The shell is one version behind: the remote was built with the next minor of the runtime.
    const shellRuntime = (
      JSON.parse(
        readFileSync(
          path.join(ROOT, 'node_modules/@module-federation/runtime-core/package.json'),
          'utf8',
        ),
      ) as { version: string }
    ).version;
    const [major, minor] = shellRuntime.split('.').map(Number);
    const ahead = `${major}.${minor! + 1}.0`;
    const version = unique('runtime');
    const refused = releaseWith({ PANEL_FAULT_RUNTIME: ahead }, 'mfe-qr', '--version', version);
    expect(refused.status).toBe(2);
    expect(refused.output).toContain(
      `mfe-qr ${version} was built against federation runtime ${ahead} and needs ^${ahead}, but the deployed shell runs ${shellRuntime}`,
    );
    expect(existsSync(path.join(DEPLOY_DIR, 'mfe-qr', version))).toBe(false);
    expectQrOnStable();
  });
});

test.describe('integrity', () => {
  test('a tampered chunk of a released remote is refused and shown as its fallback; the rest works', async ({
    page,
  }) => {
    // A real release build: up to a minute on a busy machine.
    test.setTimeout(150_000);
    const version = unique('sri');
    const output = release('mfe-qr', '--version', version);
    expect(output).toMatch(/entry sha384-/);
    try {
      const remotes = (await (await page.request.get('/remotes.json')).json()) as {
        requireIntegrity: boolean;
        remotes: Record<string, { version: string; integrity?: { entry: string } }>;
      };
      expect(remotes.requireIntegrity).toBe(true);
      expect(remotes.remotes.mfe_qr?.version).toBe(version);
      expect(remotes.remotes.mfe_qr?.integrity?.entry).toMatch(/^sha384-/);

      // Untouched, it loads (entry, manifest and chunks pass their checks).
      await openAs(page, 'admin', '/qr');
      await expect(page.locator('[data-remote="mfe_qr"]')).toHaveAttribute(
        'data-remote-version',
        version,
      );

      // Change one chunk of the exposed page after the release, as a compromised server would.
      const dir = path.join(DEPLOY_DIR, 'mfe-qr', version);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
        exposes: { assets: { js: { sync: string[] } } }[];
      };
      const chunk = manifest.exposes[0]!.assets.js.sync.at(-1)!;
      const file = path.join(dir, chunk);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n;window.__TAMPERED__ = true;\n`);
      rmSync(`${file}.br`, { force: true });
      rmSync(`${file}.gz`, { force: true });

      const context = await page.context().browser()!.newContext();
      const fresh = await context.newPage();
      const refusedChunk = fresh.waitForEvent('console', {
        predicate: (message) => /integrity/i.test(message.text()) && message.text().includes(chunk),
      });
      await openAs(fresh, 'admin', '/qr');
      const fallback = fresh.locator('[data-remote-failed="mfe_qr"]');
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
      expect((await refusedChunk).text()).toContain(chunk);
      expect(await fresh.evaluate(() => '__TAMPERED__' in window)).toBe(false);
      // The rest of the panel works.
      await fresh.getByRole('link', { name: 'Home' }).click();
      await expect(fresh.locator('[data-remote="mfe_dashboard"]')).toBeVisible();

      // A changed entry is refused the same way.
      const entry = path.join(dir, 'remoteEntry.js');
      writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n;window.__TAMPERED__ = true;\n`);
      rmSync(`${entry}.br`, { force: true });
      rmSync(`${entry}.gz`, { force: true });
      const third = await context.newPage();
      await openAs(third, 'admin', '/qr');
      await expect(third.locator('[data-remote-failed="mfe_qr"]')).toBeVisible({ timeout: 20_000 });
      expect(await third.evaluate(() => '__TAMPERED__' in window)).toBe(false);
      await context.close();
    } finally {
      release('rollback', 'mfe-qr');
    }
    await page.goto('/qr');
    await expect(page.locator('[data-remote="mfe_qr"]')).toHaveAttribute(
      'data-remote-version',
      '1.0.0',
    );
    expect(
      (await page.request.get(`${QR_ORIGIN}/1.0.0/remoteEntry.js`)).headers()['cache-control'],
    ).toBe('no-cache');
  });
});

test.describe('automatic rollback', () => {
  test('a 50 % canary whose page throws is rolled back after 5 failing loads; its users then get stable', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const version = unique('broken');
    const output = releaseWith(
      { PANEL_FAULT_THROWING_PAGES: '1' },
      'mfe-qr',
      '--version',
      version,
      '--canary',
      '50',
    );
    expect(output.status, output.output).toBe(0);
    try {
      await openAs(page, 'admin', '/support');
      const brokenUsers: string[] = [];
      let rolledBack = false;
      for (let i = 0; i < 60 && !rolledBack; i += 1) {
        const id = `broken-canary-${version}-${i}`;
        const seen = await openQrAs(page, id);
        if (seen === 'failed') brokenUsers.push(id);
        else expect(seen).toBe('1.0.0');
        // Five failing loads come before a rollback: no need to ask sooner.
        if (brokenUsers.length >= 5)
          rolledBack = releaseState('mfe-qr').rolledBack?.version === version;
      }
      expect(brokenUsers.length).toBeGreaterThanOrEqual(5);
      await expect
        .poll(() => releaseState('mfe-qr').rolledBack?.version, { timeout: 15_000 })
        .toBe(version);
      const status = release('status');
      expect(status).toMatch(/mfe-qr\s+stable 1\.0\.0\s+no canary/);
      expect(status).toMatch(
        new RegExp(`canary ${version} rolled back automatically: \\d+ failures in \\d+ loads`),
      );
      // The users who got the broken canary get stable at their next page load.
      for (const id of brokenUsers) expect(await openQrAs(page, id)).toBe('1.0.0');
    } finally {
      restoreQr();
    }
  });
});

test.describe('progressive rollout', () => {
  test('a schedule with a short step moves 10 → 40 → 70 → 100 % and then promotes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const version = unique('linear');
    const { status, output } = releaseWith(
      {},
      'mfe-qr',
      '--version',
      version,
      '--canary',
      '10',
      '--step',
      '30',
      '--every',
      // Long enough for the release command to exit, and the first look to
      // see 10 %, on a busy machine.
      '5s',
    );
    expect(status, output).toBe(0);
    expect(output).toContain('schedule: +30 % every 5s to 100 %, then promoted.');
    try {
      const seen: string[] = [];
      await expect
        .poll(
          () => {
            const qr = releaseState('mfe-qr');
            const state =
              qr.canary?.version === version
                ? String(qr.canary.percent)
                : qr.stable === version
                  ? 'promoted'
                  : '?';
            if (seen.at(-1) !== state) seen.push(state);
            return state;
          },
          { timeout: 60_000, intervals: [250] },
        )
        .toBe('promoted');
      expect(seen).toEqual(['10', '40', '70', '100', 'promoted']);
      expect(release('status')).toContain(`canary ${version} promoted on schedule after 100 %`);
      await openAs(page, 'admin', '/qr');
      await expect(page.locator('[data-remote="mfe_qr"]')).toHaveAttribute(
        'data-remote-version',
        version,
      );
    } finally {
      restoreQr();
    }
  });
});

test.describe('two release steps at once', () => {
  test('one wins, the other is told who holds the lock', async () => {
    const version = unique('lock');
    const first = spawn(
      'node',
      [
        '--import',
        'tsx',
        'panel-server/src/release.ts',
        'mfe-qr',
        '--version',
        version,
        '--canary',
        '0',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...QUICK_BUILD },
        stdio: 'ignore',
      },
    );
    const done = new Promise<number | null>((resolve) => first.on('exit', resolve));
    try {
      // The first holds the lock while it builds, seconds even when built
      // quickly; the second asks for it meanwhile. A tsx start can take
      // several seconds on a busy machine, the first's included.
      await expect
        .poll(() => existsSync(path.join(DEPLOY_DIR, '.release.lock')), { timeout: 20_000 })
        .toBe(true);
      const second = runRelease(['promote', 'mfe-qr']);
      expect(second.status).toBe(2);
      expect(second.output).toMatch(
        new RegExp(
          `not now: another release step is running \\(release mfe-qr --version ${version}`,
        ),
      );
      expect(await done).toBe(0);
      expect(releaseState('mfe-qr').canary).toMatchObject({ version, percent: 0 });
    } finally {
      await done;
      restoreQr();
    }
  });
});
