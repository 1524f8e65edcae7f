import type { Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';
import {
  SHOP_ADMIN_MESSAGES as TEXT,
  formatRate,
} from '../../shared/src/config/shop-admin-messages';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import { apiGet } from '../fixtures/dashboard-api';
import { makeActiveShop } from '../fixtures/shops';
import { apiLogin, DEMO, openAs, openWithLogin } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/** GET /pack/shops/{id}/overview, as the page reads it. */
interface Overview {
  shop: { id: number; name: string };
  types: Record<string, string>;
  stock: Record<'in_stock' | 'on_loan' | 'lost', Record<string, number>>;
  loans: {
    open: number;
    overdue: number;
    due_soon: number;
    ageing: Record<'1-7' | '8-14' | '15-30' | '31+', number>;
  };
  return_rate: Record<'last_4_weeks' | 'last_12_weeks', { rate: number | null }>;
  requests: Array<{ id: number; status: string }>;
  status_history: Array<{ status: string; reason: string | null }>;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The figure a <dt> names, in its region. */
const figureOf = (page: Page, regionName: string, term: string) =>
  region(page, regionName).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/h-shop/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the shop page (/shop/{id})', () => {
  test("shows the API's figures for the shop, and fits a 390 px phone", async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const id = shop.shop_id as number;
    const admin = await openAs(page, 'admin', `/shop/${id}`);
    const api = await apiGet<Overview>(page.request, admin, `/pack/shops/${id}/overview`);

    await expect(page.getByRole('heading', { level: 1, name: api.shop.name })).toBeVisible();
    const map = page.getByRole('group', { name: `Map of ${api.shop.name}'s location` });
    await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
    const stock = region(page, TEXT.stockTitle);
    for (const [key, label] of Object.entries(api.types)) {
      await expect(stock.getByRole('row', { name: label })).toHaveText(
        `${label}${api.stock.in_stock[key]}${api.stock.on_loan[key]}${api.stock.lost[key]}`,
      );
    }
    await expect(figureOf(page, TEXT.loansTitle, TEXT.openLoans)).toHaveText(
      String(api.loans.open),
    );
    await expect(figureOf(page, TEXT.loansTitle, TEXT.overdueLoans)).toHaveText(
      String(api.loans.overdue),
    );
    for (const bucket of ['1-7', '8-14', '15-30', '31+'] as const) {
      await expect(figureOf(page, TEXT.loansTitle, `${bucket} days`)).toHaveText(
        String(api.loans.ageing[bucket]),
      );
    }
    await expect(figureOf(page, TEXT.returnRateTitle, TEXT.last4Weeks)).toContainText(
      formatRate(api.return_rate.last_4_weeks.rate),
    );
    await expect(figureOf(page, TEXT.returnRateTitle, TEXT.last12Weeks)).toContainText(
      formatRate(api.return_rate.last_12_weeks.rate),
    );
    const requests = page.getByRole('list', { name: TEXT.requestsTitle });
    if (api.requests.length > 0) {
      await expect(requests.getByRole('listitem')).toHaveCount(api.requests.length);
      await expect(requests.getByRole('listitem').first()).toContainText(api.requests[0]!.status);
    }
    await screenshots(page, 'shop-page');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(region(page, TEXT.stockTitle)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("is reached from the shop list's names and from New Shops", async ({ page }) => {
    const name = `Shop Page Link ${Date.now()}`;
    const email = uniqueEmail('shoppage');
    const id = await registerShopViaApi(page.request, { name, email });

    await openAs(page, 'admin', '/home');
    const card = page.getByRole('listitem', { name });
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.getByRole('link', { name: TEXT.backToList }).click();
    await page.getByLabel('Search shops').fill(email);
    await page.getByRole('table', { name: 'Shops' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('is the 404 page for a shop', async ({ page }) => {
    const shop = await openAs(page, 'shop', '/home');
    await page.goto(`/shop/${shop.shop_id}`);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  });

  test('the dashboard ranks the shops to watch, each linking to its page', async ({ page }) => {
    const admin = await openAs(page, 'admin', '/home');
    const league = await apiGet<{
      most_overdue: Array<{ id: number; name: string; overdue: number }>;
      lowest_return_rate: Array<{ id: number; name: string }>;
    }>(page.request, admin, '/pack/shops/league');
    const overdue = page.getByRole('list', { name: TEXT.leagueOverdue });
    if (league.most_overdue.length === 0) {
      await expect(page.getByText(TEXT.leagueNoOverdue)).toBeVisible();
    } else {
      await expect(overdue.getByRole('listitem')).toHaveText(
        league.most_overdue.map((s) => `${s.name}${s.overdue} overdue`),
      );
    }
    await screenshots(page, 'dashboard-league');
    const first = league.most_overdue[0] ?? league.lowest_return_rate[0];
    if (first) {
      await page
        .getByRole('region', { name: TEXT.leagueTitle })
        .getByRole('link', { name: first.name })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/shop/${first.id}$`));
    }
  });
});

test('a deactivated shop is signed out at once and told why, on the login page', async ({
  page,
  browser,
}) => {
  const shop = await makeActiveShop(page.request, 'deactivated', `Deactivated ${Date.now()}`);
  const login = await apiLogin(page.request, shop.email, shop.password);
  await openWithLogin(page, login, '/home');
  await expect(page.getByText(`Hello, ${shop.name}`)).toBeVisible();

  // The super admin, in a browser of its own, deactivates it with a reason of its own words.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await openAs(admin, 'admin', '/shop');
  await admin.getByLabel('Search shops').fill(shop.email);
  await admin.getByRole('button', { name: `Deactivate ${shop.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: TEXT.deactivateTitle(shop.name) });
  await dialog.getByRole('button', { name: TEXT.deactivateConfirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(TEXT.deactivateReasonRequired);
  await dialog.getByRole('radio', { name: TEXT.deactivateOtherReason }).click();
  await dialog
    .getByRole('textbox', { name: TEXT.deactivateOtherReason })
    .fill('Closed for the winter');
  await screenshots(admin, 'deactivate-dialog');
  await dialog.getByRole('button', { name: TEXT.deactivateConfirm }).click();
  await expect(admin.getByText(MESSAGES.shopDeactivated)).toBeVisible();
  await adminContext.close();

  // The shop's open panel hears of it from its live events, re-reads and
  // gets the API's 403 with the reason: it is signed out without a click.
  await expect(page).toHaveURL(/\/auth\/login\/?$/);
  await expect(
    page.getByText('Your shop has been deactivated: Closed for the winter', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(MESSAGES.sessionExpired)).toHaveCount(0);
  await screenshots(page, 'deactivated-login');
});
