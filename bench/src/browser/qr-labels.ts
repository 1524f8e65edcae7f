// Benchmark of issue 32's printable labels: "1,000 labels in ≤ 3 s". Like
// qr.ts it starts the whole system on spare ports with a fresh
// data folder, opens /qr as the super admin in headless Chromium and, for
// each label sheet, clicks Download labels (PDF) for N codes a few times:
// click to saved PDF, the generate_codes call included, and the part after
// the API answered (rendering on the QR workers, laying out in the label
// worker with pdf-lib, saving). The first click of the page is counted on
// its own: it fetches and starts the label worker. The builder is pure, so
// the same module also runs in Node on one thread (PNGs rendered there too),
// as a figure free of the page. Like the other benchmarks it reports the
// goal; it fails only when no PDF is saved.
//   npm run qr-labels -w bench -- [--labels 1000] [--runs 3] [--panel-port 4900] [--api-port 8900]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import type { Page } from 'playwright-core';

import { buildLabelPdf } from '../../../mfe-qr/src/lib/qr-labels/build-label-pdf';
import { LABEL_SHEETS, pageCount } from '../../../mfe-qr/src/lib/qr-labels/label-layout';
import { encodeQrPng } from '../../../mfe-qr/src/lib/qr-zip/qr-png';
import { QR } from '../../../shared/src/config/constants';
import { QR_LABEL_MESSAGES } from '../../../shared/src/config/qr-label-messages';
import {
  apiLogin,
  median,
  newBenchContext,
  printCells,
  storeSession,
  withSeededSystem,
} from './bench-system';

// Object.keys loses the ids' type; the sheets are a fixed record.
const SHEET_IDS = Object.keys(LABEL_SHEETS) as Array<keyof typeof LABEL_SHEETS>;
const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
const BUDGET_MS = 3000;

const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    'panel-port': { type: 'string', default: '4900' },
    'api-port': { type: 'string', default: '8900' },
  },
});
const LABELS = Number(values.labels);
const RUNS = Number(values.runs);
const PANEL_PORT = Number(values['panel-port']);
const API_PORT = Number(values['api-port']);

/** When a file was handed to the browser to save. */
function recordSaves(): void {
  window.__savedAt = null;
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function saveLink(this: HTMLAnchorElement) {
    if (this.download) window.__savedAt = performance.now();
    return click.call(this);
  };
}

async function choose(page: Page, button: string, label: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${button}`) }).click();
  await page.getByRole('combobox', { name: `Search ${button}` }).fill(label.toLowerCase());
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function measureOnce(page: Page) {
  await page.evaluate(() => (window.__savedAt = null));
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  const clickedAt = await page.evaluate((name) => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === name,
    );
    const at = performance.now();
    button?.click();
    return at;
  }, QR_LABEL_MESSAGES.download);
  const download = await downloaded;
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
  const timing = await page.evaluate((clickedAt) => {
    const generate = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('generate_codes'))
      .at(-1) as PerformanceResourceTiming | undefined;
    // Number(): a save never seen (null) counts as 0, as it always has.
    const savedAt = Number(window.__savedAt);
    return {
      clickToSaved: savedAt - clickedAt,
      afterApi: savedAt - (generate?.responseEnd ?? NaN),
    };
  }, clickedAt);
  return { ...timing, name: download.suggestedFilename() };
}

/** The same builder on one Node thread, the PNGs rendered there as the workers would. */
async function inNode(sheetId: keyof typeof LABEL_SHEETS): Promise<number[]> {
  const codes = Array.from({ length: LABELS }, () => randomBytes(12).toString('base64url'));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const pngs = codes.map((code) => encodeQrPng(code, QR.sizePx, QR.errorCorrectionLevel));
    await buildLabelPdf({
      codes,
      pngs,
      typeLabel: 'Lunch box',
      sheet: LABEL_SHEETS[sheetId],
      title: 'QR labels, bench',
    });
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  if (!Number.isInteger(LABELS) || LABELS < 1 || !Number.isInteger(RUNS) || RUNS < 1) {
    throw new Error('--labels and --runs must be positive integers');
  }
  const f = (n: number) => Math.round(n).toLocaleString('en-US');
  const verdict = (ms: number) => (ms <= BUDGET_MS ? 'met' : 'NOT met');
  const rows = [['', 'labels', 'pages', 'ms (median)', 'budget (ms)', '']];
  await withSeededSystem(
    { name: 'qr-labels', panelPort: PANEL_PORT, apiPort: API_PORT, seedArgs: null },
    async ({ browser, base, apiBase }) => {
      const session = await apiLogin(apiBase, ADMIN);
      const context = await newBenchContext(browser, {
        baseURL: base,
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      });
      await context.addInitScript(recordSaves);
      const page = await context.newPage();
      await storeSession(page, session);
      await page.goto('/qr');
      await choose(page, 'Country', 'Germany');
      await choose(page, 'Container model', 'Lunch box');
      await page.getByLabel('Quantity').fill(String(LABELS));
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);

      let first = true;
      for (const sheetId of SHEET_IDS) {
        const pages = f(pageCount(LABEL_SHEETS[sheetId], LABELS));
        await page
          .getByRole('combobox', { name: QR_LABEL_MESSAGES.sheetLabel })
          .selectOption(sheetId);
        if (first) {
          console.log(`First label download (starts the label worker) …`);
          const cold = await measureOnce(page);
          rows.push([
            `${sheetId}, first download of the page: click → saved`,
            f(LABELS),
            pages,
            f(cold.clickToSaved),
            f(BUDGET_MS),
            verdict(cold.clickToSaved),
          ]);
          first = false;
        }
        const runs: Array<Awaited<ReturnType<typeof measureOnce>>> = [];
        for (let i = 0; i < RUNS; i++) {
          console.log(`${sheetId} run ${i + 1}/${RUNS}: ${f(LABELS)} labels …`);
          const run = await measureOnce(page);
          if (!run.name.endsWith(`_${sheetId}.pdf`)) throw new Error(`Saved ${run.name}`);
          runs.push(run);
        }
        const clickToSaved = median(runs.map((r) => r.clickToSaved));
        const afterApi = median(runs.map((r) => r.afterApi));
        rows.push(
          [
            `${sheetId}, click → saved PDF (API call included)`,
            f(LABELS),
            pages,
            f(clickToSaved),
            f(BUDGET_MS),
            verdict(clickToSaved),
          ],
          [`${sheetId},   of which render + lay out + save`, f(LABELS), pages, f(afterApi), '', ''],
        );
      }
      for (const sheetId of SHEET_IDS) {
        console.log(`${sheetId}: the builder in Node …`);
        const ms = median(await inNode(sheetId));
        rows.push([
          `${sheetId}, Node, one thread, render + lay out`,
          f(LABELS),
          f(pageCount(LABEL_SHEETS[sheetId], LABELS)),
          f(ms),
          f(BUDGET_MS),
          verdict(ms),
        ]);
      }
      printCells(
        rows,
        `QR labels into a PDF · Chromium ${browser.version()} · navigator.hardwareConcurrency ${cores} · Node ${process.versions.node} · median of ${RUNS} runs`,
      );
    },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
