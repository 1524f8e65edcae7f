import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

import { STORAGE_KEYS } from '../../shared/src/auth/session';
import { openAs } from '../fixtures/session';
import { REMOTE_PORTS, release } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

// Safe releases of one remote (issue 15), on the running system: the gate,
// integrity, automatic rollback of a failing canary, a progressive schedule
// and the release lock. Every test leaves mfe-qr on its stable 1.0.0.

const ROOT = path.resolve(__dirname, '../..');
const DEPLOY_DIR = process.env.DEPLOY_DIR ?? path.join(ROOT, 'data', 'e2e-deploy');
const QR_ORIGIN = `http://localhost:${REMOTE_PORTS['mfe-qr']}`;
const unique = (label: string) => `9.${Date.now() % 100000}.0-${label}`;

/** The release command with extra environment (the build's fault flags); never throws. */
/** A release built by the e2e-only faulty build (e2e/build/faulty-build.cjs) with these faults. */
function releaseWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync('node', ['--import', 'tsx', 'panel-server/src/release.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, PANEL_BUILD_CONFIG: 'e2e/build/faulty-build.cjs', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Puts mfe-qr back on 1.0.0 with no canary, whatever a test left. */
function restoreQr() {
  const status = release('status');
  const line = status.split('\n').find((l) => l.startsWith('mfe-qr')) ?? '';
  if (line.includes('canary 9.')) release('rollback', 'mfe-qr');
  if (
    !/stable 1\.0\.0 /.test(
      release('status')
        .split('\n')
        .find((l) => l.startsWith('mfe-qr'))!,
    )
  ) {
    release('rollback', 'mfe-qr');
  }
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
    expect(release('status')).toMatch(/mfe-qr\s+stable 1\.0\.0\s+no canary/);
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
    expect(release('status')).toMatch(/mfe-qr\s+stable 1\.0\.0\s+no canary/);
  });
});

test.describe('integrity', () => {
  test('a tampered chunk of a released remote is refused and shown as its fallback; the rest works', async ({
    page,
  }) => {
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
          rolledBack = release('status').includes(`${version} rolled back automatically`);
      }
      expect(brokenUsers.length).toBeGreaterThanOrEqual(5);
      await expect
        .poll(() => release('status'), { timeout: 15_000 })
        .toContain(`${version} rolled back automatically`);
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
    const output = release(
      'mfe-qr',
      '--version',
      version,
      '--canary',
      '10',
      '--step',
      '30',
      '--every',
      // Long enough for the first status (a tsx start) to see 10 % on a busy machine.
      '5s',
    );
    expect(output).toContain('schedule: +30 % every 5s to 100 %, then promoted.');
    try {
      const seen: string[] = [];
      await expect
        .poll(
          () => {
            const line = release('status')
              .split('\n')
              .find((l) => l.startsWith('mfe-qr'))!;
            const state =
              /canary \S+ @ (\d+) %/.exec(line)?.[1] ??
              (line.includes(`stable ${version}`) ? 'promoted' : '?');
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
        env: process.env,
        stdio: 'ignore',
      },
    );
    const done = new Promise<number | null>((resolve) => first.on('exit', resolve));
    try {
      await expect
        .poll(() => existsSync(path.join(DEPLOY_DIR, '.release.lock')), { timeout: 10_000 })
        .toBe(true);
      const second = releaseWith({}, 'promote', 'mfe-qr');
      expect(second.status).toBe(2);
      expect(second.output).toMatch(
        new RegExp(
          `not now: another release step is running \\(release mfe-qr --version ${version}`,
        ),
      );
      expect(await done).toBe(0);
      expect(release('status')).toContain(`canary ${version} @ 0 %`);
    } finally {
      await done;
      restoreQr();
    }
  });
});
