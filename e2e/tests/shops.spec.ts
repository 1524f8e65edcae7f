import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

import { DELAYS_MS, LIMITS, MAP } from '../../shared/src/config/constants';
import { SHOPS_CSV_COLUMNS, type Shop } from '../../shared/src/contract/shop';
import { MESSAGES } from '../../shared/src/config/messages';
import { PAGE_MESSAGES } from '../../shared/src/config/page-messages';
import { SHOP_ADMIN_MESSAGES } from '../../shared/src/config/shop-admin-messages';
import { registerShopViaApi, TINY_PNG, uniqueEmail } from '../fixtures/auth-shops';
import {
  allShops,
  clickDisabledUntilSaid,
  makeActiveShop,
  parseCsv,
  shopById,
} from '../fixtures/shops';
import { expect, test } from '../fixtures/test';
import { apiLogin, authHeader, DEMO, openAs, openWithLogin } from '../fixtures/session';
import { REMOTE_PORTS } from '../fixtures/system';

const COLUMNS = [
  'Name',
  'Join Date',
  'Email',
  'ID',
  'Phone Number',
  SHOP_ADMIN_MESSAGES.columnReturnRate,
  SHOP_ADMIN_MESSAGES.columnOverdue,
  SHOP_ADMIN_MESSAGES.columnStock,
  'Password',
  'Location',
  'Actions',
];

const shopsTable = (page: Page) => page.getByRole('table', { name: 'Shops' });

function rowOf(page: Page, name: string): Locator {
  return shopsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Opens /shop as the super admin and narrows the table to one search. */
async function openShopList(page: Page, search?: string) {
  await openAs(page, 'admin', '/shop');
  await expect(shopsTable(page)).toBeVisible();
  if (search) await page.getByLabel('Search shops').fill(search);
}

function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The shop list's cells as the page shows them, row by row. */
async function visibleRows(page: Page): Promise<string[][]> {
  return shopsTable(page)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent ?? ''),
      ),
    );
}

test.describe('shop list (/shop)', () => {
  test('shows the API shops newest id first, with the spec columns, after the 1 s wait', async ({
    page,
  }) => {
    // When the skeleton and the first row first appear, recorded by the page itself.
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: Record<string, number> }).__seen = seen;
      new MutationObserver(() => {
        if (!seen.skeleton && document.querySelector('[aria-label="Loading shops"]'))
          seen.skeleton = performance.now();
        if (!seen.row && document.querySelector('table tbody tr')) seen.row = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const errors = pageErrors(page);
    await openShopList(page);
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: Record<string, number> }).__seen,
    );
    expect(seen.row! - seen.skeleton!).toBeGreaterThanOrEqual(DELAYS_MS.shopListExtraWait - 50);

    const headers = await shopsTable(page).locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(COLUMNS);

    const api = await allShops(page.request);
    const expected = [...api]
      .sort((a, b) => b.id - a.id)
      .slice(0, 25)
      .map((s) => [s.name, s.created_date.slice(0, 10), s.email, String(s.id), s.phone]);
    expect(await visibleRows(page)).toEqual(expected);
    await expect(
      page.getByText(`1–${Math.min(25, api.length)} of ${api.length} shops`),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('changes the password of a shop, then the shop logs in with it', async ({ page }) => {
    const shop = await makeActiveShop(page.request, 'password');
    await openShopList(page, shop.email);
    await rowOf(page, shop.name)
      .getByRole('button', { name: `Change password of ${shop.name}` })
      .click();
    const field = page.getByLabel(`New password for ${shop.name}`);
    await expect(field).toBeFocused();

    await field.fill('   ');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a new password' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toBeHidden();

    await rowOf(page, shop.name)
      .getByRole('button', { name: `Change password of ${shop.name}` })
      .click();
    await page.getByLabel(`New password for ${shop.name}`).fill('  brand-new-pass-9  ');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-9');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Password changed successfully.')).toBeVisible();
    await expect(page.getByLabel(`New password for ${shop.name}`)).toBeHidden();

    const login = await apiLogin(page.request, shop.email, 'brand-new-pass-9');
    expect(login.shop_id).toBe(shop.id);
    await expect(apiLogin(page.request, shop.email, shop.password)).rejects.toThrow(/401/);
  });

  test('the location pop-up shows a marker and closes on the cover and on Escape', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const leafletChunks: string[] = [];
    page.on('request', (request) => {
      if (/leaflet-map\.[0-9a-f]+\.js$/.test(request.url())) leafletChunks.push(request.url());
    });
    await openShopList(page, DEMO.shop.email);
    // Leaflet is fetched only when a map is opened.
    expect(leafletChunks).toEqual([]);
    const opener = rowOf(page, 'Green Cafe').getByRole('button', {
      name: 'Show location of Green Cafe',
    });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Location of Green Cafe' });
    await expect(dialog).toBeVisible();
    const marker = dialog.locator('img.leaflet-marker-icon');
    await expect(marker).toBeVisible();
    // The bundled image, really decoded: no broken-image icon.
    expect(await marker.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('.leaflet-container') !== null)).toBe(
      true,
    );
    expect(leafletChunks).toHaveLength(1);

    await page.getByTestId('dialog-cover').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog.locator('img.leaflet-marker-icon')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A shop without coordinates says so instead of showing a point.
    const email = uniqueEmail('nowhere');
    await registerShopViaApi(page.request, { name: 'E2E Nowhere', email });
    await page.reload();
    await page.getByLabel('Search shops').fill(email);
    await rowOf(page, 'E2E Nowhere')
      .getByRole('button', { name: 'Show location of E2E Nowhere' })
      .click();
    await expect(page.getByRole('dialog')).toContainText(
      'E2E Nowhere has not set its location yet.',
    );
    await expect(page.getByRole('dialog').locator('.leaflet-marker-icon')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('activate and deactivate give the spec messages and change the status in the API', async ({
    page,
  }) => {
    const email = uniqueEmail('status');
    const id = await registerShopViaApi(page.request, { name: 'E2E Status Shop', email });
    await openShopList(page, email);
    const row = rowOf(page, 'E2E Status Shop');

    // A change that cannot be made is marked aria-disabled, yet still says why when clicked.
    const deactivate = row.getByRole('button', { name: /^Deactivate/ });
    await clickDisabledUntilSaid(deactivate, page.getByText(MESSAGES.shopAlreadyInactive));

    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(page.getByText(MESSAGES.shopActivated)).toBeVisible();
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    expect((await shopById(page.request, id)).status).toBe('active');

    const activate = row.getByRole('button', { name: /^Activate/ });
    await clickDisabledUntilSaid(activate, page.getByText(MESSAGES.shopAlreadyActive));

    // Deactivate asks for a reason first (issue 32).
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    const dialog = page.getByRole('dialog', {
      name: SHOP_ADMIN_MESSAGES.deactivateTitle('E2E Status Shop'),
    });
    await dialog.getByRole('radio', { name: SHOP_ADMIN_MESSAGES.deactivateReasons[2] }).click();
    await dialog.getByRole('button', { name: SHOP_ADMIN_MESSAGES.deactivateConfirm }).click();
    await expect(page.getByText(MESSAGES.shopDeactivated)).toBeVisible();
    await expect(row.getByText('inactive', { exact: true })).toBeVisible();
    expect((await shopById(page.request, id)).status).toBe('inactive');
  });

  test('search narrows the list and Export CSV downloads exactly those rows', async ({ page }) => {
    const tag = `csvprobe${Date.now()}`;
    const tricky = `=HYPERLINK("x"), "quoted" ${tag}`;
    await registerShopViaApi(page.request, { name: tricky, email: uniqueEmail(tag) });
    await registerShopViaApi(page.request, {
      name: `Plain ${tag}`,
      email: uniqueEmail(tag),
      phone: '+1 555 0100',
    });
    await openShopList(page, tag);
    await expect(page.getByText('1–2 of 2 shops')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(SHOPS_CSV_COLUMNS);
    const api = (await allShops(page.request)).filter((s) => s.name.includes(tag));
    const neutral = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
    expect(rows).toEqual(
      api.map((s: Shop) => [
        String(s.id),
        neutral(s.name),
        s.email,
        // Phones carry an invisible word joiner so spreadsheets keep them as text (no apostrophe).
        `\u2060${s.phone}`,
        s.created_date.slice(0, 10),
        s.status,
        s.x_gis === null ? '' : String(s.x_gis),
        s.y_gis === null ? '' : String(s.y_gis),
      ]),
    );
    expect(rows.find((r) => r[1]?.includes('HYPERLINK'))?.[1]).toBe(`'${tricky}`);

    // A broader search: the export holds every matching shop of the API, not just one page.
    await page.getByLabel('Search shops').fill('example.com');
    const wider = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [, ...widerRows] = parseCsv(
      (await readFile(await (await wider).path(), 'utf8')).replace(/^\uFEFF/, ''),
    );
    const matching = (await allShops(page.request)).filter((s) =>
      [s.name, s.email, s.phone].some((v) => v.toLowerCase().includes('example.com')),
    );
    expect(widerRows.map((r) => Number(r[0])).sort()).toEqual(matching.map((s) => s.id).sort());
  });

  test('the shop role gets 404 at /shop and never downloads the shop list', async ({ page }) => {
    const shopsRemote: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://localhost:${REMOTE_PORTS['mfe-shops']}`))
        shopsRemote.push(request.url());
    });
    await openAs(page, 'shop', '/profile');
    await expect(page.getByLabel('Shop name')).toHaveValue('Green Cafe');
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    expect(shopsRemote.some((url) => url.includes('ProfilePage'))).toBe(true);
    expect(shopsRemote.filter((url) => /ShopListPage|shops-csv/.test(url))).toEqual([]);
  });

  test('fits a 390 px screen, pop-up included', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openShopList(page, DEMO.shop.email);
    await expect(rowOf(page, 'Green Cafe')).toBeVisible();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await rowOf(page, 'Green Cafe')
      .getByRole('button', { name: /^Show location/ })
      .click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('dialog').locator('.leaflet-marker-icon')).toBeVisible();
  });
});

test.describe('profile (/profile)', () => {
  test('edits name, e-mail, map location and logo; the header follows without a reload', async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const shop = await makeActiveShop(page.request, 'profile', 'E2E Profile Shop');
    const login = await apiLogin(page.request, shop.email, shop.password);
    await openWithLogin(page, login, '/profile');
    await expect(page.getByText(MESSAGES.greeting(shop.name))).toBeVisible();
    await expect(page.getByLabel('Shop name')).toHaveValue(shop.name);

    // No location yet: the map opens on the spec's default profile point, no marker.
    const map = page.getByRole('group', { name: "Map: click to set the shop's location" });
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
    expect((await map.boundingBox())!.height).toBeCloseTo(MAP.profileHeightPx, 0);

    const newName = `E2E Renamed ${Date.now()}`;
    const newEmail = uniqueEmail('renamed');
    await page.getByLabel('Shop name').fill(newName);
    await page.getByLabel('Email').fill(newEmail);
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3);
    await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
    const latitude = Number(await page.getByLabel('Latitude').inputValue());
    const longitude = Number(await page.getByLabel('Longitude').inputValue());
    // Right of and above the centre: east and north of the default point.
    expect(latitude).toBeGreaterThan(MAP.defaultProfileCoordinates[0]);
    expect(longitude).toBeGreaterThan(MAP.defaultProfileCoordinates[1]);

    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect(page.getByRole('img', { name: 'Preview of the new logo' })).toBeVisible();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MESSAGES.shopModified)).toBeVisible();

    const infoResponse = await page.request.get('/api/v0/shops/shop/info/', {
      headers: authHeader(login),
    });
    const [info] = (await infoResponse.json()) as Shop[];
    expect(info).toMatchObject({ name: newName, email: newEmail.toLowerCase() });
    expect(info!.x_gis).toBeCloseTo(latitude, 6);
    expect(info!.y_gis).toBeCloseTo(longitude, 6);
    expect(info!.logo).toMatch(/^\/media\//);

    await expect(page.getByText(MESSAGES.greeting(newName))).toBeVisible();
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Profile' })).toContainText(newName);
    await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a taken e-mail fails with the server reason', async ({ page }) => {
    const shop = await makeActiveShop(page.request, 'taken');
    await openWithLogin(page, await apiLogin(page.request, shop.email, shop.password), '/profile');
    await page.getByLabel('Email').fill(DEMO.shop2.email);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByText(`${MESSAGES.shopEditFailedPrefix}A shop with this email already exists.`),
    ).toBeVisible();
  });

  test('refuses a logo over 2 MB or not an image, and clears the choice', async ({ page }) => {
    await openAs(page, 'shop', '/profile');
    // The form is drawn once the shop has loaded; a file chosen before that is dropped with it.
    await expect(page.getByLabel('Shop name')).toHaveValue('Green Cafe');
    const logo = page.getByLabel('Logo');
    await logo.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(LIMITS.uploadMaxBytes + 1),
    });
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.fileTooLarge);
    await expect(logo).toHaveValue('');
    await logo.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.imagesOnly);
    await expect(logo).toHaveValue('');
    await expect(page.getByRole('img', { name: 'Preview of the new logo' })).toHaveCount(0);
  });

  test('asks before leaving with unsaved changes', async ({ page }) => {
    await openAs(page, 'shop', '/profile');
    await expect(page.getByLabel('Shop name')).toHaveValue('Green Cafe');
    await page.getByLabel('Shop name').fill('Unsaved name');
    // The form says so first; the page's guard is set by the render after
    // (the form reports to the page), which a frame later has happened.
    await expect(page.getByText(PAGE_MESSAGES.followUp.profileUnsaved)).toBeVisible();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.accept();
  });

  test('fits a 390 px screen with the map', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, 'shop', '/profile');
    const map = page.getByRole('group', { name: "Map: click to set the shop's location" });
    await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  });
});
