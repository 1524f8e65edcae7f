import type { Page } from '@playwright/test';

import { STORAGE_KEYS } from '../../shared/src/auth/session';
import { openAs, pagesWarmedFor } from '../fixtures/session';
import {
  QUICK_BUILD,
  REMOTE_PORTS,
  release,
  releaseState,
  runRelease,
  startRemoteServer,
  stopRemoteServer,
} from '../fixtures/system';
import { expect, test } from '../fixtures/test';

const remoteOrigin = (pkg: keyof typeof REMOTE_PORTS) => `http://localhost:${REMOTE_PORTS[pkg]}`;

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

test.describe('run-time composition', () => {
  test('a shop user never downloads a remote its role may not use', async ({ page }) => {
    const urls = recordRequests(page);
    await openAs(page, 'shop', '/home');
    for (const path of [
      '/loan',
      '/return',
      '/containers',
      '/requests?page=pending',
      '/profile',
      '/support',
      '/qr',
      '/shop',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toBeEmpty();
    }
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    expect(urls.filter((url) => url.startsWith(remoteOrigin('mfe-qr')))).toEqual([]);
    expect(urls.some((url) => url.startsWith(remoteOrigin('mfe-dashboard')))).toBe(true);
  });

  test('the super admin loads mfe-qr through remotes.json', async ({ page }) => {
    const urls = recordRequests(page);
    await openAs(page, 'admin', '/qr');
    await expect(page.locator('[data-remote="mfe_qr"]')).toBeVisible();
    expect(urls).toContain(`${remoteOrigin('mfe-qr')}/1.0.0/remoteEntry.js`);
  });

  test('remotes.json, manifests and entries are no-cache; hashed chunks immutable', async ({
    request,
  }) => {
    const remotes = await request.get('/remotes.json');
    expect(remotes.headers()['cache-control']).toBe('no-cache');
    const manifestUrl = `${remoteOrigin('mfe-qr')}/1.0.0/mf-manifest.json`;
    const manifestResponse = await request.get(manifestUrl);
    expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as {
      exposes: { assets: { js: { sync: string[] } } }[];
    };
    const entry = await request.get(`${remoteOrigin('mfe-qr')}/1.0.0/remoteEntry.js`);
    expect(entry.headers()['cache-control']).toBe('no-cache');
    const chunk = manifest.exposes[0]?.assets.js.sync[0];
    expect(chunk).toMatch(/\.[0-9a-f]{10}\.js$/);
    const chunkResponse = await request.get(`${remoteOrigin('mfe-qr')}/1.0.0/${chunk}`);
    expect(chunkResponse.headers()['cache-control']).toContain('immutable');
  });

  test('one React, one store and one API slice in the page', async ({ page, request }) => {
    await openAs(page, 'shop', '/home');
    await expect(page.locator('[data-remote="mfe_dashboard"]')).toBeVisible();
    // Every shared singleton in the share scope was provided by the shell; no remote's copy loaded.
    const loaded = await page.evaluate(() => {
      const scopes = (
        globalThis as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<
              string,
              Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
            >;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const rows: { pkg: string; from: string }[] = [];
      for (const scope of Object.values(scopes)) {
        for (const pkgs of Object.values(scope)) {
          for (const [pkg, versions] of Object.entries(pkgs)) {
            for (const info of Object.values(versions))
              if (info.loaded) rows.push({ pkg, from: info.from });
          }
        }
      }
      return rows;
    });
    // Redux Toolkit, react-redux and react-toastify are not shared packages:
    // they live inside the one @panel/shared (and the shell), so the store,
    // the API slice and the toasts are one instance through it.
    for (const pkg of ['@reduxjs/toolkit', '@reduxjs/toolkit/query/react', 'react-redux']) {
      expect(loaded.filter((row) => row.pkg === pkg)).toEqual([]);
    }
    for (const pkg of ['react', 'react-dom', 'react-router-dom', '@panel/shared']) {
      // Each federation instance holds a reference to the share scope; all must point at the shell's copy.
      const providers = new Set(loaded.filter((row) => row.pkg === pkg).map((row) => row.from));
      expect(providers).toEqual(new Set(['shell']));
    }
    // The network agrees: the dashboard builds no fallback copies of shared
    // packages (import: false), and fetched none.
    const manifest = (await (
      await request.get(`${remoteOrigin('mfe-dashboard')}/1.0.0/mf-manifest.json`)
    ).json()) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const fallbackFiles = manifest.shared.flatMap((shared) => [
      ...shared.assets.js.sync,
      ...shared.assets.js.async,
    ]);
    expect(fallbackFiles).toEqual([]);
    // The remote's endpoints were injected into the shell's API slice and its data sits in the shell's store.
    const storeView = await page.evaluate(() => {
      const panel = (
        window as unknown as {
          __PANEL__: {
            store: {
              getState: () => { api: { queries: Record<string, { endpointName: string }> } };
            };
            api: { endpoints: Record<string, unknown> };
          };
        }
      ).__PANEL__;
      return {
        endpoints: Object.keys(panel.api.endpoints),
        queried: Object.values(panel.store.getState().api.queries).map(
          (query) => query.endpointName,
        ),
      };
    });
    expect(storeView.endpoints).toContain('getShopInfo');
    const remoteEndpoints = storeView.queried.filter((name) => name !== 'getShopInfo');
    expect(remoteEndpoints.length).toBeGreaterThan(0);
    for (const name of remoteEndpoints) expect(storeView.endpoints).toContain(name);
  });
});

/** The HTTP status of mfe-requests' manifest; undefined while its server is down. */
async function manifestStatus(page: Page): Promise<number | undefined> {
  const response = await page.request
    .get(`${remoteOrigin('mfe-requests')}/1.0.0/mf-manifest.json`)
    .catch(() => null);
  return response?.status();
}

test.describe('a failing remote', () => {
  test('shows a Retry fallback while the rest keeps working, and Retry recovers', async ({
    page,
  }) => {
    // Stopped before login: after login the shell warms the role's pages at
    // idle time, so a remote stopped later may already be loaded (and keep
    // working, as it should). The warm-up's failed load must not stick either.
    stopRemoteServer('mfe-requests');
    try {
      await expect
        .poll(() => manifestStatus(page), { message: 'mfe-requests is down' })
        .toBeUndefined();
      await openAs(page, 'shop', '/support');
      await expect
        .poll(() => pagesWarmedFor(page), {
          timeout: 45_000,
          message: "the shop's pages were warmed, mfe-requests' failing",
        })
        .toBe('shop');
      await page.getByRole('button', { name: "Request's Container" }).click();
      await page.getByRole('link', { name: 'Pending', exact: true }).click();
      const fallback = page.locator('[data-remote-failed="mfe_requests"]');
      await expect(fallback).toBeVisible({ timeout: 20_000 });
      await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
      // Header, menu and other routes still work.
      await expect(page.getByText(/^Hello, /)).toBeVisible();
      await page.getByRole('link', { name: 'Support' }).click();
      await expect(page.getByRole('link', { name: 'Start Chat' })).toBeVisible();
      await page.getByRole('link', { name: 'Home' }).click();
      await expect(page.locator('[data-remote="mfe_dashboard"]')).toBeVisible();
      await page.goBack();
      await page.goBack();
      await expect(page.locator('[data-remote-failed="mfe_requests"]')).toBeVisible({
        timeout: 20_000,
      });
    } finally {
      startRemoteServer('mfe-requests');
    }
    await expect.poll(() => manifestStatus(page)).toBe(200);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="mfe_requests"]')).toBeVisible();
  });
});

test.describe('a panel that cannot start', () => {
  test('says so when remotes.json does not answer, and Retry starts it once it does', async ({
    page,
  }) => {
    const urls = recordRequests(page);
    // The page's preload and the entry's fetch of remotes.json both fail.
    await page.route('**/remotes.json', (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    await page.goto('/auth/login');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'The panel could not start' })).toBeVisible();
    await expect(alert).toContainText('remotes.json answered 503');
    // No remote was fetched without knowing where it lives.
    expect(urls.filter((url) => url.startsWith(remoteOrigin('mfe-auth')))).toEqual([]);
    await page.unroute('**/remotes.json');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  });
});

test.describe('staged rollout', () => {
  test('a 50 % canary splits users by a stable bucket, and a rollback sends everyone back', async ({
    browser,
  }) => {
    const canaryVersion = `9.9.${Date.now() % 1000}-canary`;
    // Which version a user gets is checked here, not the served bytes: a quick build will do.
    const released = runRelease(
      ['mfe-qr', '--version', canaryVersion, '--canary', '50'],
      QUICK_BUILD,
    );
    expect(released.status, released.output).toBe(0);
    const versionsById = new Map<string, string>();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await openAs(page, 'admin', '/support');
      // Anonymous rollout ids decide the provider's bucket; try ids until both versions were served.
      for (let i = 0; i < 30 && new Set(versionsById.values()).size < 2; i += 1) {
        const id = `rollout-user-${i}`;
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: STORAGE_KEYS.rolloutId,
          value: id,
        });
        await page.goto('/qr');
        const version = await page
          .locator('[data-remote="mfe_qr"]')
          .getAttribute('data-remote-version');
        versionsById.set(id, version ?? '');
      }
      expect(new Set(versionsById.values())).toEqual(new Set(['1.0.0', canaryVersion]));
      // Same user, same version on every visit.
      for (const [id, version] of versionsById) {
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: STORAGE_KEYS.rolloutId,
          value: id,
        });
        await page.goto('/qr');
        await expect(page.locator('[data-remote="mfe_qr"]')).toHaveAttribute(
          'data-remote-version',
          version,
        );
      }
      // Roll back without restarting anything: every user is on the stable version again.
      release('rollback', 'mfe-qr');
      for (const id of versionsById.keys()) {
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: STORAGE_KEYS.rolloutId,
          value: id,
        });
        await page.goto('/qr');
        await expect(page.locator('[data-remote="mfe_qr"]')).toHaveAttribute(
          'data-remote-version',
          '1.0.0',
        );
      }
      await context.close();
    } finally {
      if (releaseState('mfe-qr').canary) release('rollback', 'mfe-qr');
    }
  });
});
