import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';

import { LABEL_SHEETS, type LabelSheetId } from '../../mfe-qr/src/lib/qr-labels/label-layout';
import { MESSAGES } from '../../shared/src/config/messages';
import { QR_LABEL_MESSAGES } from '../../shared/src/config/qr-label-messages';
import { apiGet } from '../fixtures/dashboard-api';
import { readLabelPdf } from '../fixtures/label-pdf';
import { openAs, type ApiLogin } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

interface Batch {
  id: number;
  country: string;
  type: string;
  count: number;
  codes: string[];
}

const CODES = 30;

async function choose(page: Page, button: 'Country' | 'Container model', label: string) {
  await page.getByRole('button', { name: new RegExp(`^${button}`) }).click();
  await page.getByRole('combobox', { name: `Search ${button}` }).fill(label.toLowerCase());
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function chooseSheet(page: Page, sheetId: LabelSheetId) {
  await page
    .getByRole('combobox', { name: QR_LABEL_MESSAGES.sheetLabel })
    .selectOption({ label: QR_LABEL_MESSAGES.sheets[sheetId] });
}

async function containerTotal(page: Page, login: ApiLogin): Promise<number> {
  return (
    await apiGet<{ container_pack: number }>(page.request, login, '/pack/containers/info_admin/')
  ).container_pack;
}

/** The PDF's pages checked against the sheet, and the codes its QR images decode to, in order. */
async function readSheets(download: Download, sheetId: LabelSheetId, typeLabel: string) {
  const sheet = LABEL_SHEETS[sheetId];
  const perPage = sheet.columns * sheet.rows;
  const pages = await readLabelPdf(await readFile(await download.path()));
  expect(pages).toHaveLength(Math.ceil(CODES / perPage));
  for (const [i, page] of pages.entries()) {
    expect([page.width, page.height]).toEqual([sheet.pageWidth, sheet.pageHeight]);
    expect(page.codes).toHaveLength(Math.min(perPage, CODES - i * perPage));
    // Each label: the code in readable text, then the container type's label (not its key).
    expect(page.texts).toEqual(page.codes.flatMap((code) => [code, typeLabel]));
  }
  return pages.flatMap((page) => page.codes);
}

test.describe('QR label sheets', () => {
  test('a new batch and an old one download as PDF label sheets whose QR codes are the batch', async ({
    page,
  }) => {
    const workerScripts: string[] = [];
    page.on('request', (r) =>
      /qr-labels\.\w+\.js$/.test(r.url()) ? workerScripts.push(r.url()) : 0,
    );
    const login = await openAs(page, 'admin', '/qr');
    const options = await apiGet<{ types: Record<string, string> }>(
      page.request,
      login,
      '/pack/containers/types_and_countries',
    );
    // A type whose label differs from its key, so the label is known to be printed.
    const [typeKey, typeLabel] = Object.entries(options.types).find(
      ([key, label]) => key !== label,
    )!;
    const before = await containerTotal(page, login);

    await choose(page, 'Country', 'France');
    await choose(page, 'Container model', typeLabel);
    await page.getByLabel(MESSAGES.qrQuantityLabel).fill(String(CODES));
    await chooseSheet(page, 'a4-3x8');
    // pdf-lib's worker is not fetched with the page, only for the first label download.
    expect(workerScripts).toEqual([]);
    const [fresh] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: QR_LABEL_MESSAGES.download, exact: true }).click(),
    ]);
    expect(workerScripts).toHaveLength(1);

    const [newest] = await apiGet<Batch[]>(page.request, login, '/pack/qr-batches?limit=1');
    const batch = await apiGet<Batch>(page.request, login, `/pack/qr-batches/${newest!.id}`);
    expect(batch).toMatchObject({ country: 'France', type: typeKey, count: CODES });
    expect(fresh.suggestedFilename()).toBe(QR_LABEL_MESSAGES.fileName(batch.id, 'a4-3x8'));
    expect(await readSheets(fresh, 'a4-3x8', typeLabel)).toEqual(batch.codes);
    expect(await containerTotal(page, login)).toBe(before + CODES);

    // The old batch again, on both sheets, from its stored codes: the same codes, no new containers.
    const row = page.getByRole('row').filter({ hasText: `#${batch.id}` });
    for (const sheetId of ['letter-3x10', 'a4-3x8'] as const) {
      await chooseSheet(page, sheetId);
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: QR_LABEL_MESSAGES.downloadForBatch(batch.id) }).click(),
      ]);
      expect(again.suggestedFilename()).toBe(QR_LABEL_MESSAGES.fileName(batch.id, sheetId));
      expect(await readSheets(again, sheetId, typeLabel)).toEqual(batch.codes);
    }
    expect(await containerTotal(page, login)).toBe(before + CODES);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});
