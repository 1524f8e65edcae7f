// Browser benchmark of the issue's requirement "a shop with 50,000 loans
// opens /loan without freezing the page". It seeds a fresh temporary data
// folder (the demo, plus that many open loans for the demo shop), starts the
// whole system as `npm start` does on spare ports, opens /loan as the shop in
// headless Chromium a few times and prints the median figures. Like every
// benchmark it does not judge timings; it fails only when no rows show.
//   npm run loans-page -w bench -- [--loans 50000] [--runs 3] [--panel-port 4600] [--api-port 8600]
import { parseArgs } from 'node:util';

import type { Browser, Page } from 'playwright-core';

import {
  type Session,
  apiLogin,
  idle,
  printTable,
  storeSession,
  newBenchContext,
  withSeededSystem,
} from './bench-system';
import type { PageRecord } from './page-globals';

const SHOP = { email: 'shop@example.com', password: 'shop12345' };
// The Loans table, its page controls and the section that says when it is busy.
const LIST = 'section[aria-label="Loans"]';
const PAGER = 'nav[aria-label="loans pages"]';

const { values } = parseArgs({
  options: {
    loans: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    'panel-port': { type: 'string', default: '4600' },
    'api-port': { type: 'string', default: '8600' },
  },
});
const LOANS = Number(values.loans);
const RUNS = Number(values.runs);
const PANEL_PORT = Number(values['panel-port']);
const API_PORT = Number(values['api-port']);

class NoRowsError extends Error {}

/** What each page records from its first script on: long tasks and when the first table row appeared. */
function recordPage(): void {
  const longTasks: number[] = [];
  const bench: PageRecord = { longTasks, firstRowAt: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const rows = new MutationObserver(() => {
    if (document.querySelector('table tbody tr')) {
      bench.firstRowAt = performance.now();
      rows.disconnect();
    }
  });
  rows.observe(document, { childList: true, subtree: true });
}

/**
 * Clicks a pager button and answers the milliseconds until the list shows
 * other rows, no longer busy, and a frame has been painted.
 */
function turnPage(page: Page, button: string): Promise<number> {
  return page.evaluate(
    ({ button, list, pager }) =>
      new Promise<number>((resolve, reject) => {
        const body = () => document.querySelector(`${list} tbody`);
        const before = body()?.textContent;
        const target = [...document.querySelectorAll<HTMLElement>(`${pager} button`)].find(
          (b) => b.textContent?.trim() === button,
        );
        if (!target) return reject(new Error(`no "${button}" button`));
        const timer = setTimeout(() => reject(new Error(`no new rows after "${button}"`)), 60_000);
        const started = performance.now();
        const check = () => {
          const now = body();
          if (!now || now.textContent === before) return;
          if (document.querySelector(`${list} [aria-busy="true"]`)) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        });
        target.click();
      }),
    { button, list: LIST, pager: PAGER },
  );
}

async function measureOnce(browser: Browser, base: string, session: Session) {
  const context = await newBenchContext(browser, {
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  try {
    await context.addInitScript(recordPage);
    const page = await context.newPage();
    await storeSession(page, session);
    const started = Date.now();
    await page.goto('/loan');
    const rows = page.getByRole('table', { name: 'Loans' }).locator('tbody tr');
    try {
      await rows.first().waitFor({ state: 'visible', timeout: 60_000 });
    } catch {
      const text = (await page.locator('body').innerText()).slice(0, 500);
      throw new NoRowsError(`/loan showed no rows within 60 s. The page said:\n${text}`);
    }
    const fallbackFirstRow = Date.now() - started;
    await page.locator(`${LIST} [aria-busy="true"]`).waitFor({ state: 'detached' });
    await idle(page);
    const opened = await page.evaluate(
      ({ list, pager }) => ({
        firstRowAt: window.__bench.firstRowAt,
        rows: document.querySelectorAll(`${list} tbody tr`).length,
        elements: document.getElementsByTagName('*').length,
        pager: document.querySelector(`${pager} p`)?.textContent ?? '',
        longTasks: [...(window.__bench.longTasks ?? [])],
      }),
      { list: LIST, pager: PAGER },
    );

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;

    const nextMs = await turnPage(page, 'Next');
    const lastMs = await turnPage(page, 'Last');
    await idle(page);
    const paged = await page.evaluate(
      ({ list, pager }) => ({
        longTasks: [...(window.__bench.longTasks ?? [])],
        rows: document.querySelectorAll(`${list} tbody tr`).length,
        pager: document.querySelector(`${pager} p`)?.textContent ?? '',
      }),
      { list: LIST, pager: PAGER },
    );
    const pagingTasks = paged.longTasks.slice(opened.longTasks.length);
    const total = Number(/of ([\d,.\s]+)/.exec(opened.pager)?.[1]?.replace(/\D/g, '') ?? NaN);
    return {
      firstRow: opened.firstRowAt ?? fallbackFirstRow,
      rows: opened.rows,
      elements: opened.elements,
      total,
      openLongest: Math.max(0, ...opened.longTasks),
      openLongTasks: opened.longTasks.length,
      heapMb: heap / 2 ** 20,
      nextMs,
      lastMs,
      lastRows: paged.rows,
      pagingLongest: Math.max(0, ...pagingTasks),
      pagers: { first: opened.pager, last: paged.pager },
    };
  } finally {
    await context.close();
  }
}

const FIGURES = [
  ['first row visible (ms after navigation start)', 'firstRow', 0],
  ['table rows in the DOM', 'rows', 0],
  ['DOM elements on the page', 'elements', 0],
  ['total shown by the pager', 'total', 0],
  ['longest main-thread task while opening (ms)', 'openLongest', 0],
  ['long tasks (≥ 50 ms) while opening', 'openLongTasks', 0],
  ['JS heap used after GC (MB)', 'heapMb', 1],
  ['Next page: new rows painted (ms)', 'nextMs', 0],
  ['Last page: new rows painted (ms)', 'lastMs', 0],
  ['rows on the last page', 'lastRows', 0],
  ['longest main-thread task while paging (ms)', 'pagingLongest', 0],
] as const;

async function main() {
  if (!Number.isInteger(LOANS) || LOANS < 1 || !Number.isInteger(RUNS) || RUNS < 1) {
    throw new Error('--loans and --runs must be positive integers');
  }
  await withSeededSystem(
    {
      name: 'loans',
      panelPort: PANEL_PORT,
      apiPort: API_PORT,
      seedArgs: ['--loans-for', `${SHOP.email}:${LOANS}`],
    },
    async ({ browser, base, apiBase }) => {
      const session = await apiLogin(apiBase, SHOP);
      const apiTotal = (
        await fetch(`${apiBase}/api/v0/pack/containers/loans/?limit=1`, {
          headers: { authorization: `JWT ${session.access}` },
        })
      ).headers.get('x-total-count');
      const results: Array<Awaited<ReturnType<typeof measureOnce>>> = [];
      for (let i = 0; i < RUNS; i++) {
        console.log(`Run ${i + 1}/${RUNS}: opening /loan …`);
        results.push(await measureOnce(browser, base, session));
      }
      const { first, last } = results[0]?.pagers ?? { first: '', last: '' };
      printTable(
        results,
        `/loan of ${SHOP.email} · ${Number(apiTotal).toLocaleString('en-US')} open loans (API X-Total-Count) · Chromium ${browser.version()} · ${RUNS} runs\n` +
          `pager on opening: "${first}" · after Last: "${last}"`,
        FIGURES,
      );
    },
  );
}

main().catch((error) => {
  console.error(error instanceof NoRowsError ? error.message : error);
  process.exit(1);
});
