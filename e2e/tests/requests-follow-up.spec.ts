import type { Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';
import { PAGE_MESSAGES } from '../../shared/src/config/page-messages';
import { apiGet, apiPost } from '../fixtures/dashboard-api';
import { apiLogin, openWithLogin, type ApiLogin } from '../fixtures/session';
import { makeActiveShop } from '../fixtures/shops';
import { expect, test } from '../fixtures/test';

// Requests a shop can follow through, and its own password (issue 31).

interface ApiRequest {
  id: number;
  status: string;
  items: Array<{ quantity: number; container_type: string }>;
}

const SCREENSHOTS = process.env.I31B_SCREENSHOTS === '1';

async function shopPage(page: Page, prefix: string, path: string) {
  const shop = await makeActiveShop(page.request, prefix);
  const login = await apiLogin(page.request, shop.email, shop.password);
  await openWithLogin(page, login, path);
  return { shop, login };
}

const pending = (page: Page, login: ApiLogin) =>
  apiGet<ApiRequest[]>(
    page.request,
    login,
    '/pack/container-requests/?status=PENDING&order=newest',
  );

/** The main tab's first picker: two of its type, then Send and Yes. */
async function sendTwo(page: Page) {
  const plus = page.getByRole('button', { name: /^More / }).first();
  await plus.click();
  await plus.click();
  await page.getByRole('button', { name: MESSAGES.sendRequest }).click();
  await page
    .getByRole('dialog', { name: MESSAGES.confirmRequestTitle })
    .getByRole('button', { name: MESSAGES.confirmRequestYes })
    .click();
}

test.describe('requests a shop can follow through', () => {
  test('a shop cancels its pending request, which moves to Cancelled', async ({ page }) => {
    const { login } = await shopPage(page, 'cancel', '/home');
    const { types } = await apiGet<{ types: Record<string, string> }>(
      page.request,
      login,
      '/pack/containers/types_and_countries',
    );
    const made = await apiPost<ApiRequest>(
      page.request,
      login,
      '/pack/containers/request_container/',
      {
        containers: [{ container_type: Object.keys(types)[0] as string, count: 3 }],
      },
    );
    await page.goto('/requests?page=pending');
    const card = page.getByRole('listitem', { name: `Request ${made.id}` });
    await card.getByRole('button', { name: PAGE_MESSAGES.followUp.cancelRequest }).click();
    const dialog = page.getByRole('dialog', { name: PAGE_MESSAGES.followUp.confirmCancelTitle });
    await expect(dialog).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `/tmp/i31b-cancel-${page.viewportSize()?.width}.png` });
    await dialog.getByRole('button', { name: PAGE_MESSAGES.followUp.confirmCancelYes }).click();
    await expect(page.getByText(PAGE_MESSAGES.followUp.requestCancelled)).toBeVisible();
    await expect(card).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Request tabs' })
      .getByRole('link', { name: 'Cancelled' })
      .click();
    await expect(page).toHaveURL(/page=cancelled/);
    await expect(
      page
        .getByRole('listitem', { name: `Request ${made.id}` })
        .getByText(PAGE_MESSAGES.followUp.cancelledLabel),
    ).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({
        path: `/tmp/i31b-cancelled-${page.viewportSize()?.width}.png`,
        fullPage: true,
      });
    expect(await pending(page, login)).toEqual([]);
  });

  test('a Send whose answer is lost is found among the pending requests', async ({ page }) => {
    const { login } = await shopPage(page, 'lost-answer', '/requests?page=main');
    const keys: Array<string | undefined> = [];
    // The POST reaches the API (the request is made), but its answer never arrives.
    await page.route('**/api/v0/pack/containers/request_container/', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      await route.fetch();
      await route.abort('connectionreset');
    });
    await sendTwo(page);
    await expect(page.getByText(PAGE_MESSAGES.followUp.foundAfterAll)).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `/tmp/i31b-found-${page.viewportSize()?.width}.png` });
    const made = await pending(page, login);
    expect(made).toHaveLength(1);
    expect(keys).toHaveLength(1);
    await page.getByRole('link', { name: PAGE_MESSAGES.followUp.viewRequest }).click();
    await expect(page).toHaveURL(new RegExp(`page=pending&request=${made[0]?.id}`));
    await expect(page.getByRole('listitem', { name: `Request ${made[0]?.id}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('a Send that never arrived is offered again with the same key, once', async ({ page }) => {
    const { login } = await shopPage(page, 'no-answer', '/requests?page=main');
    const keys: Array<string | undefined> = [];
    let drop = true;
    await page.route('**/api/v0/pack/containers/request_container/', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (drop) {
        drop = false;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await sendTwo(page);
    await expect(page.getByText(PAGE_MESSAGES.followUp.notFoundSendAgain)).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `/tmp/i31b-send-again-${page.viewportSize()?.width}.png` });
    await page.getByRole('button', { name: PAGE_MESSAGES.followUp.sendAgain }).click();
    await expect(page).toHaveURL(/\/home$/);
    const toast = page.getByText(MESSAGES.requestSent);
    await expect(toast).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const made = await pending(page, login);
    expect(made).toHaveLength(1);
    await page.getByRole('link', { name: PAGE_MESSAGES.followUp.viewRequest }).click();
    await expect(page.getByRole('listitem', { name: `Request ${made[0]?.id}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

test.describe("the shop's own password", () => {
  test('changes it on the profile; this session goes on, the others end', async ({ page }) => {
    const { shop } = await shopPage(page, 'own-password', '/profile');
    // Another session of the same shop, as on another device.
    const other = await apiLogin(page.request, shop.email, shop.password);
    const next = 'a-brand-new-pass';
    await page.getByLabel(PAGE_MESSAGES.followUp.currentPassword).fill(shop.password);
    await page.getByLabel(PAGE_MESSAGES.followUp.newPassword, { exact: true }).fill(next);
    await page.getByLabel(PAGE_MESSAGES.followUp.newPasswordAgain).fill(next);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `/tmp/i31b-profile-${page.viewportSize()?.width}.png`,
        fullPage: true,
      });
    await page.getByRole('button', { name: PAGE_MESSAGES.followUp.changePassword }).click();
    await expect(page.getByText(PAGE_MESSAGES.followUp.passwordChanged)).toBeVisible();
    await expect(page.getByLabel(PAGE_MESSAGES.followUp.currentPassword)).toHaveValue('');

    // This page still works on its new token: a reload keeps the session.
    await page.reload();
    await expect(page.getByRole('heading', { name: MESSAGES.myProfile })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    const stale = await page.request.get('/api/v0/shops/shop/info', {
      headers: { Authorization: `JWT ${other.access}` },
    });
    expect(stale.status()).toBe(401);
    await expect(apiLogin(page.request, shop.email, next)).resolves.toMatchObject({
      status: 'admin',
    });
  });

  test('asks before leaving the profile with unsaved changes', async ({ page }) => {
    await shopPage(page, 'leave-guard', '/profile');
    const phone = page.getByLabel(PAGE_MESSAGES.followUp.phoneLabel);
    await expect(phone).not.toHaveValue('');
    await phone.fill('+1 555 0199');
    let asked = '';
    page.once('dialog', async (dialog) => {
      asked = dialog.message();
      await dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(asked).toBe(PAGE_MESSAGES.followUp.leaveUnsaved);
  });
});
