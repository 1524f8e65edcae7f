import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

import { AUDIT_MESSAGES as TEXT } from '../../shared/src/config/audit-messages';
import { AUDIT_CSV_COLUMNS } from '../../shared/src/contract/audit';
import { apiGet } from '../fixtures/dashboard-api';
import { adminLogin, makeActiveShop, parseCsv } from '../fixtures/shops';
import { apiLogin, authHeader, openWithLogin } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** One entry as GET /audit answers it. */
interface Entry {
  id: number;
  action: string;
  shop_id: number | null;
}

const SHOTS = process.env.AUDIT_SHOTS_DIR ?? '/tmp/h-audit/shots';

async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A shop of this test's own with a sign-in, a failed one and a profile change in the log. */
async function shopWithHistory(page: Page) {
  const shop = await makeActiveShop(page.request, 'audit', `E2E Audit ${Date.now()}`);
  const refused = await page.request.post('/api/v0/shops/login/', {
    data: { email: shop.email, password: 'not-the-password' },
  });
  expect(refused.status()).toBe(401);
  const login = await apiLogin(page.request, shop.email, shop.password);
  const renamed = await page.request.put(`/api/v0/shops/shop/${shop.id}`, {
    headers: authHeader(login),
    multipart: { name: `${shop.name} renamed` },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  return { ...shop, login };
}

const list = (page: Page) => page.getByRole('list', { name: TEXT.listLabel });

/** Downloads the CSV the page offers and answers its rows (header dropped). */
async function downloadCsv(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: TEXT.downloadCsv }).click();
  const text = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(AUDIT_CSV_COLUMNS);
  return rows.filter((row) => row.length > 1);
}

test.describe('the audit log', () => {
  test('the super admin filters by action and by shop, opens an entry and downloads the CSV', async ({
    page,
  }) => {
    const shop = await shopWithHistory(page);
    const admin = await adminLogin(page.request);
    await openWithLogin(page, admin, '/home');
    await page.getByRole('link', { name: TEXT.menu }).first().click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(list(page).getByRole('listitem').first()).toBeVisible();
    await screenshots(page, 'audit');

    // By action: only profile changes, and the address keeps the filter.
    await page.getByLabel(TEXT.action).selectOption({ label: 'Profile changed' });
    await expect(page).toHaveURL(/action=shop\.profile_update/);
    const profileChanges = await apiGet<Entry[]>(
      page.request,
      admin,
      '/audit?action=shop.profile_update&limit=25',
    );
    await expect(list(page).getByRole('listitem')).toHaveCount(profileChanges.length);
    for (const item of await list(page).getByRole('listitem').all())
      await expect(item).toHaveAttribute('aria-label', /^Profile changed /);

    // And by shop: the one change of this test's shop.
    const shopField = page.getByLabel(TEXT.shop);
    await shopField.fill(String(shop.id));
    await shopField.press('Enter');
    await expect(page).toHaveURL(new RegExp(`shop=${shop.id}`));
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    const entry = list(page).getByRole('listitem').first();
    await entry.getByRole('button', { name: TEXT.showDetails }).click();
    await expect(
      entry.getByRole('row', { name: `Name ${shop.name} ${shop.name} renamed` }),
    ).toBeVisible();
    await screenshots(page, 'audit-details');

    const [changeRow, ...others] = await downloadCsv(page);
    expect(others).toEqual([]);
    expect(changeRow?.[5]).toBe('shop.profile_update');
    expect(changeRow?.[9]).toBe(String(shop.id));

    // The shop alone: the list and the CSV hold exactly the API's entries for it.
    await page.getByLabel(TEXT.action).selectOption({ label: TEXT.actionAny });
    const ofShop = await apiGet<Entry[]>(page.request, admin, `/audit?shop=${shop.id}`);
    expect(ofShop.map((e) => e.action)).toEqual(
      expect.arrayContaining(['shop.profile_update', 'login.success', 'login.failure']),
    );
    await expect(list(page).getByRole('listitem')).toHaveCount(Math.min(25, ofShop.length));
    const rows = await downloadCsv(page);
    expect(rows.map((row) => Number(row[0]))).toEqual(ofShop.map((e) => e.id));
    expect(new Set(rows.map((row) => row[9]))).toEqual(new Set([String(shop.id)]));

    // The shop's page shows its newest entries and links back here.
    await page.goto(`/shop/${shop.id}`);
    const section = page.getByRole('region', { name: TEXT.shopTitle });
    await expect(section.getByRole('listitem').first()).toBeVisible();
    await section.getByRole('link', { name: new RegExp(TEXT.shopMore) }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?shop=${shop.id}$`));
  });

  test('a live entry reloads the page shown without taking its pager away', async ({ page }) => {
    const admin = await adminLogin(page.request);
    await openWithLogin(page, admin, '/audit');
    await expect(list(page).getByRole('listitem').first()).toBeVisible();
    const next = page
      .getByRole('navigation', { name: `${TEXT.noun} pages` })
      .getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled();
    // Hold the page's next reload, so it sits in it while we look.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reloadAsked = () => {};
    const asked = new Promise<void>((resolve) => (reloadAsked = resolve));
    await page.route(
      (url) => url.pathname === '/api/v0/audit',
      async (route) => {
        reloadAsked();
        await held;
        await route.continue();
      },
    );
    // A sign-in anywhere is a new entry, which reaches this page as a live event.
    await adminLogin(page.request);
    await asked;
    await expect(list(page)).toHaveAttribute('aria-busy', 'true');
    await expect(next).toBeEnabled();
    release();
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2/);
  });

  test('a shop sees its own sign-ins on its profile', async ({ page }) => {
    const shop = await shopWithHistory(page);
    await openWithLogin(page, shop.login, '/profile');
    const activity = page.getByRole('region', { name: TEXT.activityTitle });
    const signedIn = activity.getByRole('listitem', { name: /^Signed in / }).first();
    await expect(signedIn).toBeVisible();
    await expect(activity.getByRole('listitem', { name: /^Sign-in failed / })).toBeVisible();
    await signedIn.getByRole('button', { name: TEXT.showDetails }).click();
    await expect(signedIn.getByText(TEXT.address)).toBeVisible();
    await activity.scrollIntoViewIfNeeded();
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await activity.screenshot({ path: `${SHOTS}/shop-activity-${width}.png` });
    }
  });
});
