import type { Page } from '@playwright/test';

import { DEMO, openAs, pagesWarmedFor } from '../fixtures/session';
import { REMOTE_PORTS } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

// Issue 14: one federation runtime for the page, the page's remote loaded
// before React renders it, and the role's remotes warmed after login.

const remoteOrigin = (pkg: keyof typeof REMOTE_PORTS) => `http://localhost:${REMOTE_PORTS[pkg]}`;

/** From the page's first script: whether a remote's loading fallback was ever drawn. */
async function watchFallbacks(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __fallbacks: string[] }).__fallbacks = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (/^Loading mfe_/.test(text) && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

test('one federation runtime in the page, provided by the shell', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/multiple module federation runtime/i.test(message.text())) warnings.push(message.text());
  });
  await openAs(page, 'shop', '/home');
  await expect(page.locator('[data-remote="mfe_dashboard"]')).toBeVisible();
  const from = await page.evaluate(
    () =>
      (globalThis as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })
        ._FEDERATION_RUNTIME_CORE_FROM?.name,
  );
  expect(from).toBe('shell');
  expect(warnings).toEqual([]);
  // The bundler runtime too: the shell provides it, and a remote's entry
  // carries none of its own (the function that initialises a container,
  // recognisable by a property name minifying keeps, is only in the shell).
  const providedByShell = await page.evaluate(
    () =>
      typeof (
        globalThis as unknown as {
          _FEDERATION_BUNDLER_RUNTIME?: { bundlerRuntime: { initContainerEntry?: unknown } };
        }
      )._FEDERATION_BUNDLER_RUNTIME?.bundlerRuntime.initContainerEntry,
  );
  expect(providedByShell).toBe('function');
  const entry = await page.request.get(`${remoteOrigin('mfe-dashboard')}/1.0.0/remoteEntry.js`);
  expect(entry.ok()).toBe(true);
  expect(await entry.text()).not.toContain('hostShareScopeMap');
});

test('a cold /auth/login draws the form with no loading fallback on the way', async ({ page }) => {
  await watchFallbacks(page);
  await page.goto('/auth/login');
  await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __fallbacks: string[] }).__fallbacks),
  ).toEqual([]);
});

test("the shell's preloads carry the integrity and crossorigin of its loads: each script fetched once", async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const scripts: string[] = [];
  const requests: string[] = [];
  page.on('request', (req) => {
    requests.push(req.url());
    const url = new URL(req.url());
    // Script loads only: the shell also fetch()es a page's chunks into the HTTP cache with its entry.
    if (url.pathname.endsWith('.js') && req.resourceType() === 'script') scripts.push(url.href);
  });
  await page.goto('/auth/login');
  await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  const preloads = await page.locator('link[rel="preload"][as="script"]').evaluateAll((links) =>
    links.map((link) => ({
      href: new URL((link as HTMLLinkElement).href).pathname,
      integrity: (link as HTMLLinkElement).integrity,
      crossOrigin: (link as HTMLLinkElement).crossOrigin,
    })),
  );
  expect(preloads.length).toBeGreaterThan(0);
  for (const preload of preloads) {
    expect(preload.integrity).toMatch(/^sha384-/);
    expect(preload.crossOrigin).toBe('anonymous');
  }
  // A preload the chunk loader could not reuse (another integrity or
  // crossorigin) would show as a second request for the same script.
  expect(scripts.length).toBe(new Set(scripts).size);
  expect(warnings).toEqual([]);
  // The remote's entry is loaded straight from remotes.json, not after its manifest.
  expect(requests.filter((url) => url.endsWith('/mf-manifest.json'))).toEqual([]);
  // The logged-in layout and react-toastify are not on the login page's path.
  expect(scripts.filter((url) => /^\/lazy-(layout|toasts)/.test(new URL(url).pathname))).toEqual(
    [],
  );
  expect(preloads.filter((preload) => preload.href.startsWith('/lazy-'))).toEqual([]);
});

test("the data layer (Redux Toolkit) and the pages' building blocks are fetched only once the login form is drawn", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-remote="mfe_auth"] form')) {
        (window as unknown as { __formAt: number }).__formAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/auth/login');
  await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  // It arrives at idle time, so the first submit finds it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((window as { __PANEL__?: { store?: unknown } }).__PANEL__?.store),
      ),
    )
    .toBe(true);
  const { formAt, dataAt } = await page.evaluate(() => ({
    formAt: (window as unknown as { __formAt: number }).__formAt,
    dataAt: performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/lazy-shared\.[^/]*\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(dataAt).toHaveLength(1);
  expect(dataAt[0]).toBeGreaterThan(formAt);
});

test("the login page's scripts and stylesheets reach Chromium in brotli", async ({ page }) => {
  // The size budget counts the .br files as the bytes on the wire: the
  // servers must send them (a file under 1 kB is sent as it is).
  const sent: { url: string; encoding: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(?:js|css)$/.test(url.pathname) || response.status() !== 200) return;
    // Answers still arriving when the test ends are left out (the page is closed).
    const body = await response.body().catch(() => Buffer.alloc(0));
    const headers = await response.allHeaders().catch(() => null);
    if (!headers) return;
    sent.push({
      url: url.href,
      encoding: headers['content-encoding'] ?? 'identity',
      bytes: body.length,
    });
  });
  await page.goto('/auth/login');
  await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  const large = sent.filter((response) => response.bytes >= 1024);
  expect(large.length).toBeGreaterThan(3);
  expect(large.filter((response) => response.encoding !== 'br')).toEqual([]);
  // The remote's own files too, not only the shell's.
  expect(large.some((response) => response.url.startsWith(remoteOrigin('mfe-auth')))).toBe(true);
});

test('remotes.json is preloaded by the page and revalidated with a 304', async ({
  page,
  request,
}) => {
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/remotes.json')) fetched.push(req.url());
  });
  await page.goto('/auth/login');
  await expect(page.locator('[data-remote="mfe_auth"] form')).toBeVisible();
  // The <link rel="preload"> and the shell's fetch are one request.
  expect(fetched).toHaveLength(1);
  const first = await request.get('/remotes.json');
  const etag = first.headers()['etag'] ?? '';
  expect(etag).not.toBe('');
  const again = await request.get('/remotes.json', { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
});

test("after login the shop's remotes are warmed, never mfe-qr", async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  await page.goto('/auth/login');
  await page.locator('input[name="email"]').fill(DEMO.shop.email);
  await page.locator('input[name="password"]').fill(DEMO.shop.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('[data-remote="mfe_dashboard"]')).toBeVisible();
  // The shop's other remotes arrive at idle time, without being opened.
  await expect
    .poll(() => urls.some((url) => url.startsWith(`${remoteOrigin('mfe-requests')}/`)))
    .toBe(true);
  await expect
    .poll(() => urls.some((url) => url.startsWith(`${remoteOrigin('mfe-shops')}/`)))
    .toBe(true);
  // Every page of the role has been warmed (loaded or failed): nothing else is coming.
  await expect.poll(() => pagesWarmedFor(page), { timeout: 45_000 }).toBe('shop');
  expect(urls.filter((url) => url.startsWith(remoteOrigin('mfe-qr')))).toEqual([]);
});
