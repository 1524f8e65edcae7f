import type { APIRequestContext, Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import { apiPost } from '../fixtures/dashboard-api';
import { apiLogin, DEMO, openAs, openWithLogin, type ApiLogin } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

const PASSWORD = 'e2e-shop-pass-1';

/** A shop of this test alone, registered, activated and given a password by the super admin. */
async function activeShop(request: APIRequestContext) {
  const email = uniqueEmail('session');
  const shopId = await registerShopViaApi(request, { name: 'Session Test Shop', email });
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  await apiPost(request, admin, '/shops/change-shop-status/', {
    shop: shopId,
    new_status: 'active',
  });
  await apiPost(request, admin, '/shops/change-password/', {
    shop: shopId,
    new_password: PASSWORD,
  });
  return { admin, shopId, login: await apiLogin(request, email, PASSWORD) };
}

/**
 * The shop opens its dashboard and every call of the page has been answered,
 * so the next call is the one the test makes, after it changed the shop.
 */
async function openDashboard(page: Page, login: ApiLogin) {
  const answered = ['/loans_by_weekday/', '/loans_and_packs_by_container_type/'].map((path) =>
    page.waitForResponse((response) => response.url().includes(path) && response.ok()),
  );
  await openWithLogin(page, login, '/home');
  await Promise.all(answered);
  await expect(page.getByText('Hello, Session Test Shop')).toBeVisible();
}

/** The next call the page makes: the Loans page loads its list. */
async function makeACall(page: Page) {
  await page.getByRole('link', { name: MESSAGES.menuLoans }).click();
}

async function expectSessionGone(page: Page) {
  await expect(page).toHaveURL(/\/auth\/login\/?$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('loginStatus'))).toBeNull();
}

test.describe('errors the user must see', () => {
  test("a 403 (a call the shop may not make) ends on the login page with 'Permission Denied'", async ({
    page,
  }) => {
    const { login } = await activeShop(page.request);
    // A shop's real token with the stored role altered to the super admin's:
    // the provider dashboard's calls reach the API and are refused with 403.
    const forbidden = page.waitForResponse((response) => response.status() === 403);
    await openWithLogin(page, { ...login, status: 'super_admin' }, '/home');
    await forbidden;

    // Storage cleared, /home, then the login page for want of a token: the toast survives both.
    await expectSessionGone(page);
    await expect(page.getByText(MESSAGES.permissionDenied, { exact: true })).toBeVisible();
  });

  test('a 401 (session revoked by a password change) asks to log in again', async ({ page }) => {
    const { admin, shopId, login } = await activeShop(page.request);
    await openDashboard(page, login);

    const expired = page.waitForResponse((response) => response.status() === 401);
    await apiPost(page.request, admin, '/shops/change-password/', {
      shop: shopId,
      new_password: `${PASSWORD}-new`,
    });
    // The open panel's live updates may re-read the shop's details and meet
    // the 401 before the test's own call does (the login page then replaces
    // the menu, and the click waits in vain): either call will do.
    void makeACall(page).catch(() => {});
    await expired;

    await expectSessionGone(page);
    await expect(page.getByText(MESSAGES.sessionExpired, { exact: true })).toBeVisible();
  });

  test('with the API down, pages say it could not be contacted and the greeting has no empty name', async ({
    page,
  }) => {
    await openAs(page, 'shop', '/support');
    await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));

    await page.reload();
    await expect(page.getByText('Hello', { exact: true })).toBeVisible();
    await expect(page.getByText(/Hello,/)).toHaveCount(0);

    await makeACall(page);
    await expect(page.getByRole('region', { name: 'Loans' })).toContainText(MESSAGES.noInternet);
    await expect(
      page.getByText(`${MESSAGES.loadFailedPrefix}${MESSAGES.noInternet}`),
    ).toBeVisible();
    // The user is still logged in: a missing API says nothing about the session.
    await expect(page).toHaveURL(/\/loan$/);
  });

  test("the login page reads the shell proxy's 502 as no internet", async ({ page }) => {
    await page.route('**/api/v0/shops/login/**', (route) =>
      route.fulfill({ status: 502, json: { error: 'The API server is not reachable' } }),
    );
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO.shop.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.shop.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.noInternet);
  });
});
