import type { Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';
import { SHOP_ADMIN_MESSAGES } from '../../shared/src/config/shop-admin-messages';
import type { AdminSummary, Shop } from '../../shared/src/types';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import {
  apiGet,
  apiPost,
  asFigure,
  expectedWeekdays,
  localDay,
  type ApiLoan,
} from '../fixtures/dashboard-api';
import { apiLogin, DEMO, openAs } from '../fixtures/session';
import { clickDisabledUntilSaid } from '../fixtures/shops';
import { expect, test } from '../fixtures/test';

interface Weekly {
  loans_by_weekday: Record<string, number>;
  type: Record<string, string>;
  shop_pack: number;
  loans_pack: number;
  users: number;
  total_loans: number;
}

interface Stock {
  loans_by_container_type: Record<string, number>;
  shop_packs_by_container_type: Record<string, number>;
}

/** The figure a card counts up to: its visible number once the animation has ended. */
function figure(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true }).getByTestId('count-up');
}

// The dashboard as most users see it: figures count up, charts animate.
test.use({ reducedMotion: 'no-preference' });

test.describe('dashboard', () => {
  test("the shop's dashboard shows its own figures from the API", async ({ page }) => {
    const login = await openAs(page, 'shop', '/home');
    const weekly = await apiGet<Weekly>(page.request, login, '/pack/containers/loans_by_weekday/');
    const stock = await apiGet<Stock>(
      page.request,
      login,
      '/pack/containers/loans_and_packs_by_container_type/',
    );

    await expect(figure(page, 'Total Loans')).toHaveText(asFigure(weekly.total_loans));
    await expect(figure(page, 'Loans')).toHaveText(asFigure(weekly.loans_pack));
    await expect(figure(page, 'Containers')).toHaveText(
      asFigure(weekly.shop_pack + weekly.loans_pack),
    );
    await expect(figure(page, 'Clients')).toHaveText(asFigure(weekly.users));
    // Each figure says what it counts, under its title.
    for (const [label, hint] of [
      ['Total Loans', MESSAGES.figureHints.shopTotalLoans],
      ['Loans', MESSAGES.figureHints.shopLoans],
      ['Containers', MESSAGES.figureHints.shopContainers],
      ['Clients', MESSAGES.figureHints.shopClients],
    ] as const) {
      await expect(page.getByRole('group', { name: label, exact: true })).toContainText(hint);
    }

    for (const [key, label] of Object.entries(weekly.type)) {
      const inStock = stock.shop_packs_by_container_type[key] ?? 0;
      const onLoan = stock.loans_by_container_type[key] ?? 0;
      // A type the shop has none of says so, rather than "0 % in stock".
      const shown =
        inStock + onLoan === 0
          ? MESSAGES.noneYet
          : `${Math.round((inStock / (inStock + onLoan)) * 100)}% in stock`;
      await expect(page.getByRole('img', { name: `${label}: ${shown}` })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'New Shops' })).toHaveCount(0);
  });

  test("the provider's dashboard shows the API's totals and this week's loans, today last", async ({
    page,
  }) => {
    const login = await openAs(page, 'admin', '/home');
    const summary = await apiGet<AdminSummary>(page.request, login, '/pack/containers/info_admin/');
    const weekly = await apiGet<Weekly>(page.request, login, '/pack/containers/loans_by_weekday/');

    await expect(figure(page, 'Total Loans')).toHaveText(asFigure(summary.loans_pack));
    await expect(figure(page, 'Total Containers')).toHaveText(asFigure(summary.container_pack));
    await expect(figure(page, 'Total Shops')).toHaveText(asFigure(summary.shops));
    await expect(page.getByRole('group', { name: 'Total Shops' })).toHaveAccessibleDescription(
      `${summary.shops_waiting} waiting for activation`,
    );
    // The figures' definitions: active shops, and the rest of the shop list waiting.
    const shops = await apiGet<Shop[]>(page.request, login, '/shops/shop/');
    expect(summary.shops).toBe(shops.filter((shop) => shop.status === 'active').length);
    expect(summary.shops_waiting).toBe(shops.filter((shop) => shop.status === 'inactive').length);

    await expect(page.getByRole('heading', { name: 'Loan', exact: true })).toBeVisible();
    await expect(page.getByText('This Week', { exact: true })).toBeVisible();
    const week = page.getByRole('table', { name: 'Loans per day this week' });
    const days = expectedWeekdays();
    await expect(week.getByRole('columnheader')).toHaveText(days);
    await expect(week.getByRole('cell')).toHaveText(
      days.map((day) => String(weekly.loans_by_weekday[day] ?? 0)),
    );
  });

  test('New Shops activates and deactivates a shop with the spec messages', async ({ page }) => {
    const name = `Dashboard Test Shop ${Date.now()}`;
    const id = await registerShopViaApi(page.request, { name, email: uniqueEmail('dashboard') });
    const login = await openAs(page, 'admin', '/home');
    const statusOf = async () =>
      (await apiGet<Shop[]>(page.request, login, '/shops/shop')).find((shop) => shop.id === id)
        ?.status;

    const card = page.getByRole('listitem', { name });
    await expect(card.getByText('inactive')).toBeVisible();

    // A change that cannot be made is marked aria-disabled, yet still says why when clicked.
    const deactivate = card.getByRole('button', { name: 'Deactivate' });
    await clickDisabledUntilSaid(deactivate, page.getByText(MESSAGES.shopAlreadyInactive));

    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByText(MESSAGES.shopActivated)).toBeVisible();
    await expect.poll(statusOf).toBe('active');
    await expect(card.getByText('active', { exact: true })).toBeVisible();

    const activate = card.getByRole('button', { name: 'Activate', exact: true });
    await clickDisabledUntilSaid(activate, page.getByText(MESSAGES.shopAlreadyActive));

    // Deactivate asks for a reason first (issue 32).
    await card.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: SHOP_ADMIN_MESSAGES.deactivateTitle(name) });
    await dialog.getByRole('radio', { name: SHOP_ADMIN_MESSAGES.deactivateReasons[2] }).click();
    await dialog.getByRole('button', { name: SHOP_ADMIN_MESSAGES.deactivateConfirm }).click();
    await expect(page.getByText(MESSAGES.shopDeactivated)).toBeVisible();
    await expect.poll(statusOf).toBe('inactive');
    await expect(card.getByText('inactive')).toBeVisible();
  });

  for (const path of ['/loan', '/return', '/containers']) {
    test(`the provider gets the 404 page at ${path}`, async ({ page }) => {
      await openAs(page, 'admin', path);
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
      await expect(page.getByRole('link', { name: MESSAGES.backToHome })).toBeVisible();
    });
  }

  test('the shop sees its container stock as one progress bar per type', async ({ page }) => {
    const login = await openAs(page, 'shop', '/containers');
    const weekly = await apiGet<Weekly>(page.request, login, '/pack/containers/loans_by_weekday/');
    const stock = await apiGet<Stock>(
      page.request,
      login,
      '/pack/containers/loans_and_packs_by_container_type/',
    );
    for (const [key, label] of Object.entries(weekly.type)) {
      const inStock = stock.shop_packs_by_container_type[key] ?? 0;
      const onLoan = stock.loans_by_container_type[key] ?? 0;
      const percent = inStock + onLoan === 0 ? 0 : Math.round((inStock / (inStock + onLoan)) * 100);
      const bar = page.getByRole('progressbar', { name: label });
      await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      await expect(bar).toHaveAttribute(
        'aria-valuetext',
        inStock + onLoan === 0 ? MESSAGES.noneYet : `${percent}% in stock`,
      );
    }
  });
});

/*
 * The API counts the week in the zone the panel sends (?tz=, the browser's
 * IANA zone), and the chart names the days in that zone: a loan made now is
 * one more in the last bar, labelled with today's weekday there, also when
 * that weekday is not today's in UTC. Needs the API's `tz` parameter.
 */
for (const timezoneId of ['America/Los_Angeles', 'Asia/Tokyo']) {
  test.describe(`weekly chart in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("counts and labels the days in the panel's time zone", async ({ page }) => {
      const shop = await apiLogin(page.request, DEMO.shop2.email, DEMO.shop2.password);
      const active = await apiGet<ApiLoan[]>(page.request, shop, '/pack/containers/loans/');
      const loan = [...active].sort((a, b) => a.containers.length - b.containers.length)[0];
      const code = loan?.containers[0]?.code;
      expect(code, 'the second demo shop needs a container out on loan').toBeDefined();

      const weeklyUrls: URL[] = [];
      page.on('request', (request) => {
        if (request.url().includes('loans_by_weekday')) weeklyUrls.push(new URL(request.url()));
      });
      await openAs(page, 'admin', '/home');
      const today = new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        timeZone: timezoneId,
      }).format(new Date());
      const week = page.getByRole('table', { name: 'Loans per day this week' });
      await expect(week.getByRole('columnheader').last()).toHaveText(today);
      const before = (await week.getByRole('cell').allInnerTexts()).map(Number);
      expect(weeklyUrls.at(-1)?.searchParams.get('tz')).toBe(timezoneId);

      // Taken back and lent again: one loan more, made now.
      await apiPost(page.request, shop, '/pack/containers/return/', { codes: [code] });
      await apiPost(page.request, shop, '/pack/containers/lend/', {
        codes: [code],
        client: loan?.client,
        due_date: loan?.due_date ?? null,
      });
      await page.reload();
      const after = [...before.slice(0, 6), (before[6] ?? 0) + 1].map(String);
      await expect(week.getByRole('cell')).toHaveText(after);
    });
  });
}

test.describe('loans and returns', () => {
  /*
   * The shop's stock cannot be listed through the API, so the test borrows
   * containers it can name: it takes back whole active loans of the second
   * demo shop, lends their containers in loans of its own, and at the end
   * takes those back and lends every container again to its first client
   * with its first due date, so the active loans read as before.
   */
  test('show the overdue, undated and returned icons', async ({ page }) => {
    const login = await apiLogin(page.request, DEMO.shop2.email, DEMO.shop2.password);
    const active = await apiGet<ApiLoan[]>(page.request, login, '/pack/containers/loans/');
    const borrowed: ApiLoan[] = [];
    for (const loan of [...active].sort((a, b) => b.containers.length - a.containers.length)) {
      if (borrowed.flatMap((l) => l.containers).length >= 3) break;
      borrowed.push(loan);
    }
    const codes = borrowed.flatMap((loan) => loan.containers.map((c) => c.code));
    expect(
      codes.length,
      'the second demo shop needs 3 containers out on loan',
    ).toBeGreaterThanOrEqual(3);

    const stamp = Date.now();
    const clients = {
      overdue: `E2E overdue ${stamp}`,
      undated: `E2E undated ${stamp}`,
      onTime: `E2E on time ${stamp}`,
    };
    const mine = [
      { codes: [codes[0]], client: clients.overdue, due_date: localDay(-1) },
      { codes: [codes[1]], client: clients.undated, due_date: null },
      { codes: [codes[2]], client: clients.onTime, due_date: localDay(30) },
    ];
    await apiPost(page.request, login, '/pack/containers/return/', { codes });
    try {
      for (const loan of mine) await apiPost(page.request, login, '/pack/containers/lend/', loan);

      await openAs(page, 'shop2', '/loan');
      const row = (client: string) => page.getByRole('row').filter({ hasText: client });
      await expect(row(clients.overdue).getByRole('img', { name: 'Overdue' })).toBeVisible();
      await expect(row(clients.undated).getByRole('img', { name: 'No deadline' })).toBeVisible();
      await expect(row(clients.onTime)).toBeVisible();
      // Guarantee in the configured currency (EUR by default).
      await expect(row(clients.onTime).locator('td[data-label="Guarantee"]')).toContainText('€');
      await expect(row(clients.onTime).getByRole('img')).toHaveCount(0);

      await apiPost(page.request, login, '/pack/containers/return/', { codes: codes.slice(0, 3) });
      await page.goto('/return');
      for (const client of Object.values(clients)) {
        await expect(row(client).getByRole('img', { name: 'Returned' })).toBeVisible();
      }
    } finally {
      const stillOut = (await apiGet<ApiLoan[]>(page.request, login, '/pack/containers/loans/'))
        .filter((loan) => Object.values(clients).includes(loan.client))
        .flatMap((loan) => loan.containers.map((c) => c.code));
      if (stillOut.length > 0)
        await apiPost(page.request, login, '/pack/containers/return/', { codes: stillOut });
      for (const loan of borrowed) {
        await apiPost(page.request, login, '/pack/containers/lend/', {
          codes: loan.containers.map((c) => c.code),
          client: loan.client,
          due_date: loan.due_date,
        });
      }
    }
  });
});
