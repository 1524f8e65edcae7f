import type { Page } from '@playwright/test';

import { DECISION_MESSAGES } from '../../shared/src/config/decision-messages';
import { MESSAGES } from '../../shared/src/config/messages';
import { apiGet, apiPost, asFigure } from '../fixtures/dashboard-api';
import { apiLogin, DEMO, openAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

// Deciding with the warehouse in view (issue 32), as the super admin and the shop see it.

interface Stock {
  loans_by_container_type: Record<string, number>;
  shop_packs_by_container_type: Record<string, number>;
  provider_stock_by_container_type?: Record<string, number>;
}

interface Weekly {
  type: Record<string, string>;
}

const STOCK = '/pack/containers/loans_and_packs_by_container_type/';

const card = (page: Page, id: number) =>
  page.getByRole('listitem', { name: new RegExp(`^Request ${id}( of .*)?$`) });

test.describe('decisions', () => {
  test('a partial approval moves exactly the approved counts; sent, then received once', async ({
    page,
    browser,
  }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const admin = await openAs(page, 'admin', '/home');
    for (const type of ['cup', 'box'])
      await apiPost(page.request, admin, '/pack/containers/generate_codes/', {
        country: 'France',
        type,
        count: 5,
      });
    const created = await apiPost<{ id: number }>(
      page.request,
      shop,
      '/pack/containers/request_container/',
      {
        containers: [
          { container_type: 'cup', count: 4 },
          { container_type: 'box', count: 2 },
        ],
      },
    );
    const warehouseBefore = (await apiGet<Stock>(page.request, admin, STOCK))
      .provider_stock_by_container_type as Record<string, number>;
    const shopBefore = (await apiGet<Stock>(page.request, shop, STOCK))
      .shop_packs_by_container_type;

    await page.goto('/requests?page=pending');
    const pending = card(page, created.id);
    // Each line names what the warehouse holds, as the API counts it.
    await expect(
      pending.getByText(DECISION_MESSAGES.warehouseHas(warehouseBefore.cup ?? 0)),
    ).toBeVisible();
    await pending.getByRole('button', { name: MESSAGES.requestAccept }).click();
    const dialog = page.getByRole('dialog', { name: DECISION_MESSAGES.approveTitle });
    await dialog.getByRole('spinbutton', { name: /Cup/ }).fill('1');
    await dialog.getByRole('spinbutton', { name: /box/i }).fill('0');
    await dialog.getByRole('button', { name: DECISION_MESSAGES.approveConfirm }).click();
    await expect(page.getByText(MESSAGES.requestApproved)).toBeVisible();

    const warehouseAfter = (await apiGet<Stock>(page.request, admin, STOCK))
      .provider_stock_by_container_type as Record<string, number>;
    const shopAfter = (await apiGet<Stock>(page.request, shop, STOCK)).shop_packs_by_container_type;
    expect(warehouseAfter.cup).toBe((warehouseBefore.cup ?? 0) - 1);
    expect(warehouseAfter.box).toBe(warehouseBefore.box);
    expect(shopAfter.cup).toBe((shopBefore.cup ?? 0) + 1);
    expect(shopAfter.box ?? 0).toBe(shopBefore.box ?? 0);

    await page.goto('/requests?page=accepted');
    const approved = card(page, created.id);
    await approved.getByRole('button', { name: DECISION_MESSAGES.markSent }).click();
    await expect(page.getByText(DECISION_MESSAGES.markedSent)).toBeVisible();
    await expect(approved.getByRole('button', { name: DECISION_MESSAGES.markSent })).toHaveCount(0);
    await expect(approved.getByText(DECISION_MESSAGES.sentOn)).toBeVisible();

    const shopPage = await browser.newPage();
    await openAs(shopPage, 'shop', '/requests?page=accepted');
    const own = card(shopPage, created.id);
    await expect(own.getByText(DECISION_MESSAGES.approvedOf(1, 4))).toBeVisible();
    await expect(own.getByText(DECISION_MESSAGES.approvedOf(0, 2))).toBeVisible();
    await own.getByRole('button', { name: DECISION_MESSAGES.markReceived }).click();
    await expect(shopPage.getByText(DECISION_MESSAGES.markedReceived)).toBeVisible();
    await shopPage.reload();
    await expect(own.getByText(DECISION_MESSAGES.receivedOn)).toBeVisible();
    await expect(own.getByRole('button', { name: DECISION_MESSAGES.markReceived })).toHaveCount(0);
    await shopPage.close();
  });

  test("the dashboard's stock panel shows the warehouse, the shops and the loans as the API counts them", async ({
    page,
  }) => {
    const admin = await openAs(page, 'admin', '/home');
    const stock = await apiGet<Stock>(page.request, admin, STOCK);
    const { type: labels } = await apiGet<Weekly>(
      page.request,
      admin,
      '/pack/containers/loans_by_weekday/',
    );
    const total = (values: Record<string, number> | undefined) =>
      Object.values(values ?? {}).reduce((n, v) => n + v, 0);
    const all = page.getByRole('list', { name: 'All containers' });
    for (const [label, values] of [
      ['In warehouse', stock.provider_stock_by_container_type],
      ['In shops', stock.shop_packs_by_container_type],
      ['On loan', stock.loans_by_container_type],
    ] as const)
      await expect(all.getByRole('listitem').filter({ hasText: label })).toContainText(
        `${asFigure(total(values))} containers`,
      );
    const byType = page.getByRole('list', { name: 'Containers by type' });
    for (const [key, label] of Object.entries(labels))
      await expect(byType.getByRole('listitem').filter({ hasText: label })).toContainText(
        `${asFigure(stock.provider_stock_by_container_type?.[key] ?? 0)} in warehouse · ${asFigure(stock.shop_packs_by_container_type[key] ?? 0)} in shops · ${asFigure(stock.loans_by_container_type[key] ?? 0)} on loan`,
      );
  });
});
