import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import jsQR from 'jsqr';
import JSZip from 'jszip';
import { PNG } from 'pngjs';

import { LAYOUT, LIMITS, QR } from '../../shared/src/config/constants';
import { MESSAGES } from '../../shared/src/config/messages';
import { apiGet } from '../fixtures/dashboard-api';
import { openAs, type ApiLogin } from '../fixtures/session';
import { REMOTE_PORTS } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

interface Options {
  types: Record<string, string>;
  countries: Record<string, string>;
}

interface Batch {
  id: number;
  country: string;
  type: string;
  count: number;
  codes: string[];
}

const countryButton = (page: Page) => page.getByRole('button', { name: /^Country/ });
const typeButton = (page: Page) => page.getByRole('button', { name: /^Container model/ });
const downloadButton = (page: Page) =>
  page.getByRole('button', { name: MESSAGES.qrDownload, exact: true });
const quantity = (page: Page) => page.getByLabel(MESSAGES.qrQuantityLabel);

async function choose(page: Page, button: 'Country' | 'Container model', label: string) {
  await page.getByRole('button', { name: new RegExp(`^${button}`) }).click();
  await page.getByRole('combobox', { name: `Search ${button}` }).fill(label.toLowerCase());
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Every file of a downloaded zip: its name, size in pixels and the code it decodes to. */
async function readLabels(download: Download) {
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const names = Object.keys(zip.files);
  const labels = [];
  for (const name of names) {
    const png = PNG.sync.read(Buffer.from(await zip.files[name]!.async('uint8array')));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    labels.push({ name, width: png.width, height: png.height, code: decoded?.data ?? null });
  }
  return labels;
}

async function containerTotal(page: Page, login: ApiLogin): Promise<number> {
  return (
    await apiGet<{ container_pack: number }>(page.request, login, '/pack/containers/info_admin/')
  ).container_pack;
}

test.describe('QR generator', () => {
  test('searchable dropdowns: filter as typed, one open at a time, keyboard', async ({ page }) => {
    const login = await openAs(page, 'admin', '/qr');
    const options = await apiGet<Options>(
      page.request,
      login,
      '/pack/containers/types_and_countries',
    );
    await expect(page.getByRole('heading', { name: MESSAGES.qrTitle, level: 1 })).toBeVisible();

    await countryButton(page).click();
    const search = page.getByRole('combobox', { name: 'Search Country' });
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('placeholder', MESSAGES.qrSearchPlaceholder);
    const countries = page.getByRole('listbox', { name: 'Country' });
    await expect(countries.getByRole('option')).toHaveCount(Object.keys(options.countries).length);
    const height = (await countries.boundingBox())!.height;
    expect(height).toBeLessThanOrEqual(LAYOUT.qrDropdownMaxHeightPx);
    expect(await countries.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);

    // The label lowercased contains the text as typed: lower case finds, capitals do not.
    await search.fill('ger');
    await expect(countries.getByRole('option')).toHaveText(['Germany']);
    await search.fill('Ger');
    await expect(countries.getByRole('option')).toHaveCount(0);

    // Opening the other dropdown closes this one.
    await typeButton(page).click();
    await expect(countries).toBeHidden();
    const types = page.getByRole('listbox', { name: 'Container model' });
    await expect(types).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search Container model' })).toHaveAttribute(
      'placeholder',
      MESSAGES.qrSearchPlaceholder,
    );

    // Keyboard: Escape closes and returns focus; arrows move; Enter chooses and closes.
    await page.keyboard.press('Escape');
    await expect(types).toBeHidden();
    await expect(typeButton(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(types).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(types).toBeHidden();
    const secondType = Object.values(options.types)[1]!;
    await expect(typeButton(page)).toHaveText(secondType);

    await countryButton(page).click();
    await page.keyboard.type('fra');
    await page.keyboard.press('Enter');
    await expect(countryButton(page)).toHaveText('France');
  });

  test('Download stays grey until a country, a type and a non-zero quantity are chosen', async ({
    page,
  }) => {
    const login = await openAs(page, 'admin', '/qr');
    const options = await apiGet<Options>(
      page.request,
      login,
      '/pack/containers/types_and_countries',
    );
    const [typeLabel] = Object.values(options.types);
    await expect(quantity(page)).toHaveValue(String(LIMITS.qrDefaultQuantity));
    await expect(downloadButton(page)).toBeDisabled();
    await choose(page, 'Country', 'France');
    await expect(downloadButton(page)).toBeDisabled();
    await choose(page, 'Container model', typeLabel!);
    await expect(downloadButton(page)).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: /1 code/ })).toBeVisible();

    for (const blocked of ['', '0']) {
      await quantity(page).fill(blocked);
      await expect(downloadButton(page)).toBeDisabled();
      await expect(page.getByRole('status').filter({ hasText: /code/ })).toHaveCount(0);
    }
    // Only values of 0 or more enter the field.
    await quantity(page).fill('7');
    await quantity(page).press('End');
    await page.keyboard.type('-x.');
    await expect(quantity(page)).toHaveValue('7');
    await expect(downloadButton(page)).toBeEnabled();

    // More than the API makes per batch is refused before any call.
    let generated = 0;
    page.on('request', (r) => (generated += r.url().includes('generate_codes') ? 1 : 0));
    await quantity(page).fill(String(LIMITS.qrMaxQuantity + 1));
    await expect(page.getByRole('alert').filter({ hasText: '10,000' })).toBeVisible();
    await expect(downloadButton(page)).toBeDisabled();
    await quantity(page).press('Enter');
    expect(generated).toBe(0);
  });

  test('quantity 5 downloads qr_codes.zip with five distinct 256×256 codes of the batch; Download again gives them back', async ({
    page,
  }) => {
    const login = await openAs(page, 'admin', '/qr');
    const options = await apiGet<Options>(
      page.request,
      login,
      '/pack/containers/types_and_countries',
    );
    const [typeKey, typeLabel] = Object.entries(options.types)[0]!;
    const before = await containerTotal(page, login);

    await choose(page, 'Country', 'Germany');
    await choose(page, 'Container model', typeLabel);
    await quantity(page).fill('5');
    await expect(page.getByRole('status').filter({ hasText: '5 codes' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      downloadButton(page).click(),
    ]);
    expect(download.suggestedFilename()).toBe(QR.zipName);
    const labels = await readLabels(download);
    expect(labels.map((l) => l.name)).toEqual([1, 2, 3, 4, 5].map(QR.fileName));
    for (const label of labels) expect([label.width, label.height]).toEqual([256, 256]);
    const codes = labels.map((l) => l.code);
    expect(new Set(codes).size).toBe(5);

    // The codes are the newest batch's, of the chosen country and type.
    const [newest] = await apiGet<Batch[]>(page.request, login, '/pack/qr-batches?limit=1');
    const batch = await apiGet<Batch>(page.request, login, `/pack/qr-batches/${newest!.id}`);
    expect(batch).toMatchObject({ country: 'Germany', type: typeKey, count: 5 });
    expect(codes).toEqual(batch.codes);
    expect(await containerTotal(page, login)).toBe(before + 5);

    // The preview shows the latest code.
    await expect(page.getByRole('img', { name: new RegExp(batch.codes[4]!) })).toBeVisible();

    // Download again rebuilds the same zip from the stored codes and creates nothing.
    const row = page.getByRole('row').filter({ hasText: `#${batch.id}` });
    await expect(row).toContainText('Germany');
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: new RegExp(MESSAGES.qrDownloadAgain) }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(QR.zipName);
    expect((await readLabels(again)).map((l) => l.code)).toEqual(batch.codes);
    expect(await containerTotal(page, login)).toBe(before + 5);
  });

  test('a shop gets the 404 page at /qr and never downloads mfe-qr', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await openAs(page, 'shop', '/qr');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    expect(urls.filter((url) => url.includes(`:${REMOTE_PORTS['mfe-qr']}/`))).toEqual([]);
  });
});
