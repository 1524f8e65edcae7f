import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';

import { COUNTER_MESSAGES } from '../../shared/src/config/counter-messages';
import { PAGE_MESSAGES } from '../../shared/src/config/page-messages';
import {
  apiGet,
  apiPost,
  localDay,
  stockShopWithBatch,
  type ApiLoan,
} from '../fixtures/dashboard-api';
import { apiLogin, DATA_DIR, DEMO, openWithLogin, type ApiLogin } from '../fixtures/session';
import { makeActiveShop, parseCsv } from '../fixtures/shops';
import { expect, test } from '../fixtures/test';

const TEXT = PAGE_MESSAGES.loanWorklist;
const STOCK = '/pack/containers/loans_and_packs_by_container_type/';

interface Stock {
  loans_by_container_type: Record<string, number>;
  shop_packs_by_container_type: Record<string, number>;
  provider_stock_by_container_type?: Record<string, number>;
}

interface Seeded {
  shop: ApiLogin;
  /** The type the shop was given, its label, and another type it holds none of. */
  type: string;
  label: string;
  otherType: string;
  otherLabel: string;
  loans: Record<'ada' | 'bob' | 'cleo' | 'dan' | 'eve' | 'fay', ApiLoan>;
  /** Where a client's reminder lands (the development outbox). */
  emails: { ada: string; fay: string };
}

/**
 * A fresh shop with its own stock, made the way the product makes stock:
 * the super admin generates a batch of a type and approves the shop's
 * request for every free container of that type (approval moves the
 * oldest first, so asking for all includes the new batch), then generates
 * as many again so the warehouse keeps its count for the other tests. The
 * shop then lends the batch with past, near, far and no due dates.
 */
async function seedOverdueSet(request: APIRequestContext): Promise<Seeded> {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const made = await makeActiveShop(request, 'worklist', 'E2E Worklist Shop');
  const shop = await apiLogin(request, made.email, made.password);
  const { types } = await apiGet<{ types: Record<string, string> }>(
    request,
    admin,
    '/pack/containers/types_and_countries',
  );
  const free = (await apiGet<Stock>(request, admin, STOCK)).provider_stock_by_container_type ?? {};
  const [type, otherType] = Object.keys(types).sort((a, b) => (free[a] ?? 0) - (free[b] ?? 0)) as [
    string,
    string,
  ];
  const c = await stockShopWithBatch(request, {
    admin,
    shop,
    type,
    count: 8,
    free: free[type] ?? 0,
  });
  if ((free[type] ?? 0) > 0) {
    await apiPost(request, admin, '/pack/containers/generate_codes/', {
      country: 'France',
      type,
      count: free[type],
    });
  }

  const stamp = Date.now().toString(36);
  const emails = { ada: `ada-${stamp}@e2e.test`, fay: `fay-${stamp}@e2e.test` };
  const lend = (body: Record<string, unknown>) =>
    apiPost<ApiLoan>(request, shop, '/pack/containers/lend/', body);
  const loans = {
    ada: await lend({
      codes: [c[0], c[1]],
      client: 'Ada Overdue',
      due_date: localDay(-20),
      client_phone: '+33 1 23 45 67 89',
      client_email: emails.ada,
    }),
    bob: await lend({
      codes: [c[2]],
      client: 'Bob Late',
      due_date: localDay(-3),
      client_phone: '0612345678',
    }),
    cleo: await lend({ codes: [c[3]], client: 'Cleo Soon', due_date: localDay(2) }),
    dan: await lend({ codes: [c[4]], client: 'Dan Undated', due_date: null }),
    eve: await lend({ codes: [c[5]], client: 'Eve Later', due_date: localDay(30) }),
    fay: await lend({
      codes: [c[6], c[7]],
      client: 'Fay Longgone',
      due_date: localDay(-40),
      client_email: emails.fay,
    }),
  };
  return {
    shop,
    type,
    label: types[type] as string,
    otherType,
    otherLabel: types[otherType] as string,
    loans,
    emails,
  };
}

/** Whether the API wrote an e-mail to this address into DATA_DIR/outbox/. */
async function mailedTo(email: string): Promise<boolean> {
  const dir = path.join(DATA_DIR, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  for (const name of names) {
    const message = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { to: string };
    if (message.to.toLowerCase() === email.toLowerCase()) return true;
  }
  return false;
}

const row = (page: Page, client: string) => page.getByRole('row').filter({ hasText: client });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: TEXT.filtersLabel }).getByRole('button', { name });
const clientOrder = (page: Page) =>
  page
    .locator('tbody th[scope="row"]')
    .evaluateAll((cells) =>
      cells.map((cell) => cell.querySelector('span > span')?.textContent ?? ''),
    );

test.describe('the loans work-list', () => {
  test.describe.configure({ mode: 'serial' });
  let seeded: Seeded;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
    });
    seeded = await seedOverdueSet(request);
    await request.dispose();
  });

  test('filters with counts, ageing, search and sort by due date', async ({ page }) => {
    await openWithLogin(page, seeded.shop, '/loan');
    await expect(chip(page, TEXT.filters.all)).toContainText('6');
    await expect(chip(page, TEXT.filters.overdue)).toContainText('3');
    await expect(chip(page, TEXT.filters.due_soon)).toContainText('1');
    await expect(chip(page, TEXT.filters.no_due_date)).toContainText('1');
    const ageing = page.getByRole('region', { name: TEXT.ageingTitle });
    await expect(ageing.getByRole('listitem')).toHaveText([
      `1 ${TEXT.ageing['1-7']}`,
      `0 ${TEXT.ageing['8-14']}`,
      `1 ${TEXT.ageing['15-30']}`,
      `1 ${TEXT.ageing['31+']}`,
    ]);
    // Contact shows in the row; the guarantee is in the panel's currency.
    await expect(row(page, 'Ada Overdue')).toContainText('+33 1 23 45 67 89');
    await expect(row(page, 'Ada Overdue')).toContainText(seeded.emails.ada);

    await chip(page, TEXT.filters.overdue).click();
    await expect(chip(page, TEXT.filters.overdue)).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/filter=overdue/);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await chip(page, TEXT.filters.no_due_date).click();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'Dan Undated')).toBeVisible();
    await chip(page, TEXT.filters.all).click();
    await expect(page.locator('tbody tr')).toHaveCount(6);

    const search = page.getByRole('searchbox', { name: TEXT.searchLabel });
    await search.fill('cleo');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'Cleo Soon')).toBeVisible();
    await search.fill(seeded.loans.fay.containers[1]?.code ?? '');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'Fay Longgone')).toBeVisible();
    await search.fill('');
    await expect(page.locator('tbody tr')).toHaveCount(6);

    const due = page.getByRole('columnheader', { name: 'Dead line' });
    await due.getByRole('button').click();
    await expect(due).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(() => clientOrder(page))
      .toEqual([
        'Fay Longgone',
        'Ada Overdue',
        'Bob Late',
        'Cleo Soon',
        'Eve Later',
        'Dan Undated',
      ]);
    await due.getByRole('button').click();
    await expect(due).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await clientOrder(page))[0]).not.toBe('Fay Longgone');
  });

  test('sends a reminder once a day and says so on the second click', async ({ page }) => {
    await openWithLogin(page, seeded.shop, '/loan?filter=overdue');
    const ada = row(page, 'Ada Overdue');
    // No e-mail, no reminder: Bob has only a phone.
    await expect(row(page, 'Bob Late')).toBeVisible();
    await expect(
      row(page, 'Bob Late').getByRole('button', { name: TEXT.sendReminder }),
    ).toHaveCount(0);

    await ada.getByRole('button', { name: TEXT.sendReminder }).click();
    await expect(page.getByText(TEXT.reminderSent('Ada Overdue'))).toBeVisible();
    await expect(ada).toContainText(/Reminded 1×/);
    await expect.poll(() => mailedTo(seeded.emails.ada)).toBe(true);

    await ada.getByRole('button', { name: TEXT.sendReminder }).click();
    await expect(ada).toContainText(/one reminder a day/);
    const loan = (
      await apiGet<Array<ApiLoan & { reminders: number }>>(
        page.request,
        seeded.shop,
        '/pack/containers/loans/?search=Ada',
      )
    )[0];
    expect(loan?.reminders).toBe(1);
  });

  test('writes a container off as lost with a reason; it leaves the list and the stock', async ({
    page,
  }) => {
    const before = await apiGet<Stock>(page.request, seeded.shop, STOCK);
    await openWithLogin(page, seeded.shop, '/loan');
    await row(page, 'Bob Late').getByRole('button', { name: TEXT.lost }).click();
    const dialog = page.getByRole('dialog', { name: TEXT.lostTitle('Bob Late') });
    await expect(dialog.getByRole('checkbox')).toBeChecked();
    await dialog.getByRole('button', { name: TEXT.lostConfirm }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.lostReasonRequired);
    await dialog.getByRole('radio', { name: 'Broken' }).check();
    await dialog.getByRole('button', { name: TEXT.lostConfirm }).click();
    await expect(page.getByText(TEXT.lostDone(1))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, 'Bob Late')).toHaveCount(0);
    await expect(chip(page, TEXT.filters.overdue)).toContainText('2');
    // It counts in the lost figure above the list.
    await expect(
      page.getByText(TEXT.lostCount, { exact: true }).locator('xpath=following-sibling::dd'),
    ).toHaveText('1');

    const after = await apiGet<Stock>(page.request, seeded.shop, STOCK);
    const { type } = seeded;
    expect(after.loans_by_container_type[type]).toBe(
      (before.loans_by_container_type[type] ?? 0) - 1,
    );
    expect(after.shop_packs_by_container_type[type]).toBe(
      before.shop_packs_by_container_type[type],
    );
  });

  test('"Mark returned" opens the take-back with the codes; one click takes them back', async ({
    page,
  }) => {
    const [code] = seeded.loans.dan.containers.map((c) => c.code) as [string];
    await openWithLogin(page, seeded.shop, '/loan');
    await row(page, 'Dan Undated').getByRole('link', { name: TEXT.markReturned }).click();
    await expect(page).toHaveURL(`/take-back?codes=${encodeURIComponent(code)}`);
    const listed = page.getByRole('region', { name: COUNTER_MESSAGES.markReturnedTitle });
    await expect(listed).toContainText(code);
    await listed.getByRole('button', { name: COUNTER_MESSAGES.markReturnedButton(1) }).click();
    await expect(
      page
        .getByRole('list', { name: COUNTER_MESSAGES.takeBackListTitle })
        .getByRole('listitem', { name: code, exact: true }),
    ).toContainText(COUNTER_MESSAGES.onTime, { timeout: 15_000 });

    await page.goto('/loan');
    await expect(chip(page, TEXT.filters.all)).toContainText('4');
    await expect(row(page, 'Dan Undated')).toHaveCount(0);
  });

  test('exports exactly the filtered view as CSV, phones without an apostrophe', async ({
    page,
  }) => {
    await openWithLogin(page, seeded.shop, '/loan?filter=overdue&sort=due&order=asc');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: TEXT.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^loans-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...TEXT.csvColumns]);
    expect(rows.map((r) => r[1])).toEqual(['Fay Longgone', 'Ada Overdue']);
    const ada = rows[1] as string[];
    expect(ada[0]).toBe(String(seeded.loans.ada.id));
    // An invisible word joiner keeps "+33…" from being a formula: no apostrophe to see.
    expect(ada[2]).toBe('\u2060+33 1 23 45 67 89');
    expect(text).not.toContain("'+33");
    expect(ada[3]).toBe(seeded.emails.ada);
    expect(ada[5]).toBe(localDay(-20));
    // Codes are base64url, so the first may start with '-': then, and only
    // then, the cell starts with the apostrophe that keeps it from being a formula.
    const codes = ada[7] ?? '';
    const listed = codes.replace(/^'/, '');
    expect(codes.startsWith("'")).toBe(listed.startsWith('-'));
    expect(listed.split(' ').sort()).toEqual(seeded.loans.ada.containers.map((c) => c.code).sort());
    expect(ada[9]).toBe('1');
  });

  test('the dashboard shows the return rate and the stock alert linking to a prefilled request', async ({
    page,
  }) => {
    const stock = await apiGet<Stock>(page.request, seeded.shop, STOCK);
    const inStock = stock.shop_packs_by_container_type[seeded.type] ?? 0;
    const response = await page.request.put('/api/v0/shops/settings/', {
      headers: { Authorization: `JWT ${seeded.shop.access}` },
      data: { stock_minimums: { [seeded.type]: inStock + 3, [seeded.otherType]: 2 } },
    });
    expect(response.ok(), await response.text()).toBe(true);

    await openWithLogin(page, seeded.shop, '/home');
    // Fell due: Ada's 2 (20 days ago) and Bob's lost 1 (3 days ago) in 4 weeks, Fay's 2 more in 12.
    const rate = page.getByRole('region', { name: PAGE_MESSAGES.returnRate.title });
    await expect(rate).toContainText(PAGE_MESSAGES.returnRate.definition);
    await expect(rate.getByText('0 of 3')).toBeVisible();
    await expect(rate.getByText('0 of 5')).toBeVisible();

    const alert = page.getByRole('region', { name: PAGE_MESSAGES.stockAlert.title });
    // In the order of the type keys, as the API gives the minimums.
    const lines = [
      [seeded.type, PAGE_MESSAGES.stockAlert.line(seeded.label, inStock, inStock + 3)],
      [seeded.otherType, PAGE_MESSAGES.stockAlert.line(seeded.otherLabel, 0, 2)],
    ].sort(([a], [b]) => (a as string).localeCompare(b as string));
    await expect(alert.getByRole('listitem')).toHaveText(lines.map(([, line]) => line as string));
    await alert.getByRole('link', { name: PAGE_MESSAGES.stockAlert.request }).click();
    await expect(page).toHaveURL(/\/requests\?page=main&/);
    const asked = new URL(page.url()).searchParams;
    expect(asked.get(seeded.type)).toBe('3');
    expect(asked.get(seeded.otherType)).toBe('2');
    await expect(page.getByLabel(seeded.label, { exact: true })).toHaveValue('3');
    await expect(page.getByLabel(seeded.otherLabel, { exact: true })).toHaveValue('2');
  });
});
