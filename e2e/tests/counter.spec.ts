import { chromium, type APIRequestContext, type Page } from '@playwright/test';

import CHROMIUM_ARGS from '../../scripts/lib/chromium-args.json';
import { COUNTER_MESSAGES } from '../../shared/src/config/counter-messages';
import { fullChromiumPath } from '../fixtures/chromium-path';
import { apiGet, apiPost, stockShopWithBatch, type ApiLoan } from '../fixtures/dashboard-api';
import { writeFakeCameraVideo } from '../fixtures/fake-camera';
import { apiLogin, DEMO, openAs, pagesWarmedFor, type ApiLogin } from '../fixtures/session';
import { REMOTE_PORTS } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

const STOCK = '/pack/containers/loans_and_packs_by_container_type/';
const counterOrigin = `http://localhost:${REMOTE_PORTS['mfe-counter']}`;

interface Stock {
  provider_stock_by_container_type?: Record<string, number>;
}

interface Fresh {
  codes: string[];
  /** The codes' container type label, as the rows show it. */
  label: string;
}

let clientCount = 0;
/** A client name no other test uses, so its loan is found by name. */
const newClient = () => `E2E client ${Date.now().toString(36)}-${(clientCount += 1)}`;

/**
 * `count` new containers in the demo shop's stock, made the way the product
 * makes them: the super admin generates a QR batch, the shop requests the
 * type and the super admin approves. Approval moves the provider's oldest
 * free containers first, so the shop asks for all of that type (the type
 * with the fewest), which includes the new batch.
 */
async function freshCodes(request: APIRequestContext, count: number): Promise<Fresh> {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const shop = await apiLogin(request, DEMO.shop.email, DEMO.shop.password);
  const { types } = await apiGet<{ types: Record<string, string> }>(
    request,
    admin,
    '/pack/containers/types_and_countries',
  );
  const free = (await apiGet<Stock>(request, admin, STOCK)).provider_stock_by_container_type ?? {};
  const [type] = Object.keys(types).sort((a, b) => (free[a] ?? 0) - (free[b] ?? 0)) as [string];
  const codes = await stockShopWithBatch(request, {
    admin,
    shop,
    type,
    count,
    free: free[type] ?? 0,
  });
  return { codes, label: types[type] as string };
}

async function lendViaApi(
  request: APIRequestContext,
  shop: ApiLogin,
  codes: string[],
  client: string,
) {
  return apiPost<ApiLoan>(request, shop, '/pack/containers/lend', { codes, client });
}

const codeField = (page: Page) => page.getByLabel(COUNTER_MESSAGES.codeLabel);
const clientField = (page: Page) =>
  page.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel });
const lendRow = (page: Page, code: string) =>
  page
    .getByRole('list', { name: COUNTER_MESSAGES.lendListTitle })
    .getByRole('listitem', { name: code, exact: true });
const takeBackRow = (page: Page, code: string) =>
  page
    .getByRole('list', { name: COUNTER_MESSAGES.takeBackListTitle })
    .getByRole('listitem', { name: code, exact: true })
    .first();

async function typeCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await codeField(page).press('Enter');
}

/** A keyboard-wedge scanner's pace (the test: keystrokes 10 ms apart). */
const SCANNER_KEY_MS = 10;

/**
 * A keyboard-wedge scanner: the code's keys, then Enter, pressed one every
 * SCANNER_KEY_MS. Each key carries the moment it was pressed (CDP's
 * timestamp), as a USB key's does, and the counter reads the pace from those
 * moments. They are sent back to back: this test's own process, on two
 * shared cores, can stall longer than a scanner ever pauses, and a key it
 * sent late would arrive after the counter had given the burst up. (The
 * bench sends them at the scanner's pace in real time.) Sent once the shell
 * has warmed the role's other pages, whose parsing can stall the page too.
 */
async function wedgeScan(page: Page, code: string) {
  // Each page is warmed in an idle moment (up to 2 s apart when the machine is
  // busy), a dozen of them for a shop: more than the default 10 s may pass.
  await expect.poll(() => pagesWarmedFor(page), { timeout: 45_000 }).toBe('shop');
  const cdp = await page.context().newCDPSession(page);
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };
  const keys = [...[...code].map((char) => ({ key: char, text: char })), enter];
  const pressed = Date.now() / 1000;
  await Promise.all(
    keys.flatMap((key, i) => {
      const timestamp = pressed + (i * SCANNER_KEY_MS) / 1000;
      return [
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', timestamp, ...key }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp, key: key.key }),
      ];
    }),
  );
  await cdp.detach();
}

async function checkFor(request: APIRequestContext, shop: ApiLogin, code: string, use: string) {
  return apiGet<{ refusal: string | null; loan: { client: string | null } | null }>(
    request,
    shop,
    `/pack/containers/code/${encodeURIComponent(code)}?for=${use}`,
  );
}

test.describe('the counter', () => {
  test('lends by typing; the receipt, and the loan first on /loan', async ({ page }) => {
    const { codes, label } = await freshCodes(page.request, 2);
    const client = newClient();
    await openAs(page, 'shop', '/lend');
    await expect(
      page.getByRole('heading', { name: COUNTER_MESSAGES.lendTitle, level: 1 }),
    ).toBeVisible();
    for (const code of codes) await typeCode(page, code);
    for (const code of codes) await expect(lendRow(page, code)).toContainText(label);
    await expect(page.getByText(COUNTER_MESSAGES.dueIn(14))).toBeVisible();

    const lend = page.getByRole('button', { name: COUNTER_MESSAGES.lendButton(2) });
    await expect(lend).toBeDisabled();
    await clientField(page).fill(client);
    await lend.click();
    const receipt = page.getByRole('region', { name: /^Loan #\d+$/ });
    await expect(receipt).toContainText(client);
    for (const code of codes) await expect(receipt).toContainText(code);
    await expect(receipt).toContainText(COUNTER_MESSAGES.receiptTotal);

    await page.goto('/loan');
    await expect(page.getByRole('main')).toContainText(client);
  });

  test('takes back by wedge scan and by typing, and undoes', async ({ page }) => {
    const { codes } = await freshCodes(page.request, 2);
    const [scanned, typed] = codes as [string, string];
    const client = newClient();
    const shop = await openAs(page, 'shop', '/take-back');
    await lendViaApi(page.request, shop, codes, client);
    await expect(codeField(page)).toBeVisible();

    await wedgeScan(page, scanned);
    await expect(takeBackRow(page, scanned)).toContainText(client);
    await expect(takeBackRow(page, scanned)).toContainText(COUNTER_MESSAGES.daysOut(0));
    await expect(takeBackRow(page, scanned)).toContainText(COUNTER_MESSAGES.onTime);
    await expect(codeField(page)).toHaveValue('');

    await typeCode(page, typed);
    await expect(takeBackRow(page, typed)).toContainText(client);
    expect((await checkFor(page.request, shop, typed, 'lend')).refusal).toBeNull();

    await page.getByRole('button', { name: COUNTER_MESSAGES.undo }).click();
    await expect(takeBackRow(page, typed)).toContainText(COUNTER_MESSAGES.undone);
    expect((await checkFor(page.request, shop, typed, 'lend')).loan?.client).toBe(client);
  });

  test('a wedge scan while the client field has focus adds the row, not text', async ({ page }) => {
    const { codes } = await freshCodes(page.request, 1);
    await openAs(page, 'shop', '/lend');
    // A person types a name; once its suggestions are in, a scanner scans.
    const suggestions = page.waitForResponse((response) =>
      response.url().includes('/pack/containers/clients?search=Ann'),
    );
    await clientField(page).pressSequentially('Ann', { delay: 120 });
    await suggestions;
    await wedgeScan(page, codes[0] as string);
    await expect(lendRow(page, codes[0] as string)).toBeVisible();
    await expect(clientField(page)).toHaveValue('Ann');
  });

  test('refuses with the reason', async ({ page }) => {
    const { codes } = await freshCodes(page.request, 2);
    const [lent, inStock] = codes as [string, string];
    const shop = await openAs(page, 'shop', '/lend');
    await lendViaApi(page.request, shop, [lent], 'Zed Counter');

    await typeCode(page, 'NO-SUCH-CODE');
    await expect(lendRow(page, 'NO-SUCH-CODE')).toContainText(COUNTER_MESSAGES.refusalUnknown);
    await typeCode(page, lent);
    await expect(lendRow(page, lent)).toContainText(/Already on loan to Zed Counter since/);
    await typeCode(page, inStock);
    await typeCode(page, inStock);
    await expect(lendRow(page, inStock).nth(1)).toContainText(COUNTER_MESSAGES.refusalTwice);
    await expect(page.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) })).toBeVisible();
    await page.getByRole('button', { name: COUNTER_MESSAGES.remove('NO-SUCH-CODE') }).click();
    await expect(lendRow(page, 'NO-SUCH-CODE')).toHaveCount(0);

    await page.goto('/take-back');
    await typeCode(page, inStock);
    await expect(takeBackRow(page, inStock)).toContainText(COUNTER_MESSAGES.refusalNotOnLoan);
  });

  test('calls with no answer wait in the queue and are sent once, in order', async ({ page }) => {
    const { codes } = await freshCodes(page.request, 3);
    const [lent, returned, discarded] = codes as [string, string, string];
    const client = newClient();
    const shop = await openAs(page, 'shop', '/lend');

    // The API lends, but its answer is lost on the way back: the retry must not lend again.
    await page.route(/\/api\/v0\/pack\/containers\/lend\/?$/, async (route) => {
      await route.fetch();
      await route.abort('connectionfailed');
    });
    await typeCode(page, lent);
    await expect(lendRow(page, lent)).toContainText(/\d/);
    await clientField(page).fill(client);
    await page.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) }).click();
    await expect(
      page.getByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(1) }),
    ).toBeVisible();
    await expect(
      page.getByText(COUNTER_MESSAGES.queuedLend(1, client), { exact: true }),
    ).toBeVisible();

    await page.unroute(/\/api\/v0\/pack\/containers\/lend\/?$/);
    const receipt = page.getByRole('region', { name: /^Loan #\d+$/ });
    await expect(receipt).toContainText(client);
    const loans = await apiGet<ApiLoan[]>(page.request, shop, '/pack/containers/loans/?limit=50');
    expect(loans.filter((loan) => loan.client === client)).toHaveLength(1);

    // Take-backs with the API unreachable: queued in order; one is discarded.
    await lendViaApi(page.request, shop, [returned, discarded], client);
    await page.goto('/take-back');
    const returns = /\/api\/v0\/pack\/containers\/return\/?$/;
    await page.route(returns, (route) => route.abort('connectionfailed'));
    await typeCode(page, returned);
    await typeCode(page, discarded);
    await expect(
      page.getByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(2) }),
    ).toBeVisible();
    await page
      .getByRole('button', {
        name: COUNTER_MESSAGES.discardItem(COUNTER_MESSAGES.queuedReturn(discarded)),
      })
      .click();
    await expect(takeBackRow(page, discarded)).toContainText(COUNTER_MESSAGES.discarded);
    await page.unroute(returns);
    await expect(takeBackRow(page, returned)).toContainText(COUNTER_MESSAGES.onTime, {
      timeout: 15_000,
    });
    await expect(page.getByText(/^Waiting to send/)).toHaveCount(0);
    expect((await checkFor(page.request, shop, returned, 'lend')).refusal).toBeNull();
    expect((await checkFor(page.request, shop, discarded, 'lend')).loan?.client).toBe(client);
  });

  test('the super admin gets 404 and never downloads mfe-counter', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await openAs(page, 'admin', '/lend');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.goto('/take-back');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    expect(urls.filter((url) => url.startsWith(counterOrigin))).toEqual([]);
  });

  test('lends a container of a real QR batch read by the camera', async ({ page }, testInfo) => {
    const { codes, label } = await freshCodes(page.request, 1);
    const code = codes[0] as string;
    const video = testInfo.outputPath('label.y4m');
    await writeFakeCameraVideo(video, code);
    const browser = await chromium.launch({
      executablePath: fullChromiumPath(),
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        permissions: ['camera'],
      });
      const camera = await context.newPage();
      const urls: string[] = [];
      camera.on('request', (request) => urls.push(request.url()));
      await openAs(camera, 'shop', '/lend');
      await expect(codeField(camera)).toBeVisible();
      expect(urls.filter((url) => url.endsWith('.wasm'))).toEqual([]);

      await camera.getByRole('button', { name: COUNTER_MESSAGES.useCamera }).click();
      await expect(lendRow(camera, code)).toContainText(label, { timeout: 20_000 });
      const wasm = urls.filter((url) => url.endsWith('.wasm'));
      expect(wasm).toHaveLength(1);
      expect(wasm[0]?.startsWith(counterOrigin)).toBe(true);
      await camera.getByRole('button', { name: COUNTER_MESSAGES.closeCamera }).click();

      await clientField(camera).fill(newClient());
      await camera.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) }).click();
      await expect(camera.getByRole('region', { name: /^Loan #\d+$/ })).toContainText(code);
    } finally {
      await browser.close();
    }
  });
});
