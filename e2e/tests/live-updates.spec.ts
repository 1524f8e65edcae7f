import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

import { SHOP_ADMIN_MESSAGES as TEXT } from '../../shared/src/config/shop-admin-messages';
import { apiGet, apiPost, stockShopWithBatch } from '../fixtures/dashboard-api';
import { makeActiveShop } from '../fixtures/shops';
import { apiLogin, DATA_DIR, openAs, openWithLogin, type ApiLogin } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

// Live updates (issue 33): a change made in one browser shows in another
// within 2 s, without a reload, through the API's event stream.

/** The promise: visible within 2 s of the change. */
const LIVE = { timeout: 2_000 };

interface Stock {
  provider_stock_by_container_type?: Record<string, number>;
}

/** Resolves once the page's event stream is open (within `timeout`). */
function streamOpened(page: Page, timeout = 30_000): Promise<unknown> {
  return page.waitForResponse((res) => res.url().includes('/api/v0/events') && res.ok(), {
    timeout,
  });
}

/** Opens a page and waits for its event stream. */
async function openLive(page: Page, login: ApiLogin, at: string): Promise<void> {
  const opened = streamOpened(page);
  await openWithLogin(page, login, at);
  await opened;
}

const requestCard = (page: Page, id: number) =>
  page.getByRole('listitem', { name: new RegExp(`^Request ${id}( of .*)?$`) });

const figureOf = (page: Page, regionName: string, term: string) =>
  page
    .getByRole('region', { name: regionName })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd');

test.describe('live updates between two browsers', () => {
  test('a request, a decision, a lend and a deactivation each show in the other within 2 s', async ({
    page,
    browser,
  }) => {
    const fresh = await makeActiveShop(page.request, 'live', 'E2E Live Shop');
    const shop = await apiLogin(page.request, fresh.email, fresh.password);
    const admin = await openAs(page, 'admin', '/home');
    // The shop holds one cup of its own to lend.
    const free = await apiGet<Stock>(
      page.request,
      admin,
      '/pack/containers/loans_and_packs_by_container_type/',
    );
    const [code] = await stockShopWithBatch(page.request, {
      admin,
      shop,
      type: 'cup',
      count: 1,
      free: free.provider_stock_by_container_type?.cup ?? 0,
    });

    const shopContext = await browser.newContext();
    const shopPage = await shopContext.newPage();
    await openLive(shopPage, shop, '/requests?page=accepted');
    await openLive(page, admin, '/requests?page=pending');

    // The shop asks: the super admin's Pending tab shows it.
    const asked = await apiPost<{ id: number }>(
      page.request,
      shop,
      '/pack/containers/request_container/',
      { containers: [{ container_type: 'bowl', count: 2 }] },
    );
    await expect(requestCard(page, asked.id)).toBeVisible(LIVE);

    // The super admin approves it: the shop's Accepted tab shows it.
    await expect(requestCard(shopPage, asked.id)).toHaveCount(0);
    await apiPost(page.request, admin, `/pack/containers/${asked.id}/approve_or_deny/`, {
      approved: true,
      reason: 'admin',
    });
    await expect(requestCard(shopPage, asked.id)).toBeVisible(LIVE);

    // The shop lends: the shop's page in the super admin's browser counts the loan.
    await openLive(page, admin, `/shop/${fresh.id}`);
    const openLoans = figureOf(page, TEXT.loansTitle, TEXT.openLoans);
    await expect(openLoans).toHaveText('0');
    await apiPost(page.request, shop, '/pack/containers/lend/', {
      codes: [code],
      client: 'Live client',
    });
    await expect(openLoans).toHaveText('1', LIVE);

    // The super admin deactivates the shop: the shop's browser is signed out, told why.
    await apiPost(page.request, admin, '/shops/change-shop-status/', {
      shop: fresh.id,
      new_status: 'inactive',
      reason: 'Closed for the holidays',
    });
    await expect(
      shopPage.getByText('Your shop has been deactivated: Closed for the holidays', {
        exact: true,
      }),
    ).toBeVisible(LIVE);
    await expect(shopPage).toHaveURL(/\/auth\/login/);
    await shopContext.close();
  });

  test('the stream comes back after the API restarts', async ({ page }) => {
    test.setTimeout(180_000);
    const admin = await openAs(page, 'admin', '/home');
    const fresh = await makeActiveShop(page.request, 'restart', 'E2E Restart Shop');
    const shop = await apiLogin(page.request, fresh.email, fresh.password);
    await openLive(page, admin, '/requests?page=pending');

    // A mark on the page: it would be gone after a reload.
    await page.evaluate(() => Object.assign(window, { liveMark: true }));
    // As a crash would: `npm start` starts the API again, as a process manager does.
    // The API takes a few seconds to start again; the panel retries every 5 s.
    const reopened = streamOpened(page, 90_000);
    const pid = Number(readFileSync(path.join(DATA_DIR, 'run', 'api.pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => readFileSync(path.join(DATA_DIR, 'run', 'api.pid'), 'utf8'), { timeout: 30_000 })
      .not.toBe(String(pid));
    await expect
      .poll(async () => (await page.request.get('/api/docs/json')).status(), { timeout: 60_000 })
      .toBe(200);
    await reopened;

    const asked = await apiPost<{ id: number }>(
      page.request,
      shop,
      '/pack/containers/request_container/',
      { containers: [{ container_type: 'cup', count: 1 }] },
    );
    await expect(requestCard(page, asked.id)).toBeVisible(LIVE);
    // The page was never reloaded: the list caught up by itself.
    expect(await page.evaluate(() => 'liveMark' in window)).toBe(true);
  });
});
