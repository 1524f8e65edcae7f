// Browser benchmark of issue 11's requirement: the super admin's /shop with
// 2,000 shops shows its first rows within 200 ms of the spec's 1 s wait
// ending (the data having arrived) and no main-thread task over 50 ms. It
// seeds a fresh temporary data folder (the demo plus that many scale shops),
// starts the whole system as `npm start` does on spare ports, opens /shop a
// few times in headless Chromium and prints the median figures. Like the
// other benchmarks it does not judge timings; it fails only when no rows show.
//   npm run shops-page -w bench -- [--shops 2000] [--runs 3] [--panel-port 4450] [--api-port 8550]
import { parseArgs } from 'node:util';

import type { Browser, Page } from 'playwright-core';

import {
  type Session,
  apiLogin,
  idle,
  newBenchContext,
  printTable,
  withSeededSystem,
} from './bench-system';
import type { PageRecord } from './page-globals';

const ADMIN = { email: 'admin@example.com', password: 'admin12345' };
// The spec's extra wait of the shop list (DELAYS_MS.shopListExtraWait).
const EXTRA_WAIT_MS = 1000;
const PAGER = 'nav[aria-label="shop list pages"]';

const { values } = parseArgs({
  options: {
    shops: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3' },
    'panel-port': { type: 'string', default: '4450' },
    'api-port': { type: 'string', default: '8550' },
  },
});
const SHOPS = Number(values.shops);
const RUNS = Number(values.runs);
const PANEL_PORT = Number(values['panel-port']);
const API_PORT = Number(values['api-port']);
const BASE = `http://localhost:${PANEL_PORT}`;

class NoRowsError extends Error {}

/**
 * Recorded by the page from its first script on: long tasks, when the
 * list's skeleton appeared (the 1 s wait starts with it) and when the
 * first table row did.
 */
function recordPage(): void {
  const longTasks: number[] = [];
  const bench: PageRecord = { longTasks, skeletonAt: null, firstRowAt: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const watch = new MutationObserver(() => {
    if (bench.skeletonAt === null && document.querySelector('[aria-label="Loading shops"]'))
      bench.skeletonAt = performance.now();
    if (document.querySelector('table tbody tr')) {
      bench.firstRowAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Runs `act` in the page and answers the ms until `changed` holds and a frame is painted. */
function timeChange(page: Page, act: string, changed: string): Promise<number> {
  return page.evaluate(
    ({ act, changed }) =>
      new Promise<number>((resolve, reject) => {
        const check = new Function(`return (${changed})`) as () => boolean;
        const timer = setTimeout(() => reject(new Error(`no change after ${act}`)), 30_000);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!check()) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
        new Function(act)();
      }),
    { act, changed },
  );
}

const pagerText = `document.querySelector('${PAGER} p')?.textContent ?? ''`;

async function measureOnce(browser: Browser, session: Session) {
  const context = await newBenchContext(browser, {
    baseURL: BASE,
    viewport: { width: 1280, height: 800 },
  });
  try {
    await context.addInitScript(recordPage);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.evaluate((value) => {
      sessionStorage.setItem('loginStatus', value.access);
      localStorage.setItem('status', value.status);
    }, session);
    await page.goto('/shop');
    try {
      await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });
    } catch {
      const text = (await page.locator('body').innerText()).slice(0, 500);
      throw new NoRowsError(`/shop showed no rows within 60 s. The page said:\n${text}`);
    }
    await idle(page);
    const opened = await page.evaluate((pager) => {
      const list = performance
        .getEntriesByType('resource')
        .find((entry) => /\/api\/v0\/shops\/shop\/?$/.test(new URL(entry.name).pathname)) as
        PerformanceResourceTiming | undefined;
      return {
        ...window.__bench,
        longTasks: [...(window.__bench.longTasks ?? [])],
        dataAt: list ? list.responseEnd : NaN,
        listBytes: list ? list.decodedBodySize : NaN,
        rows: document.querySelectorAll('table tbody tr').length,
        elements: document.getElementsByTagName('*').length,
        pager: document.querySelector(`${pager} p`)?.textContent ?? '',
      };
    }, PAGER);
    // Number(): a time never seen (null) counts as 0, as it always has.
    const skeletonAt = Number(opened.skeletonAt);
    const firstRowAt = Number(opened.firstRowAt);
    const waitEnds = skeletonAt + EXTRA_WAIT_MS;

    const before = opened.longTasks.length;
    // Search: type a name that matches one shop in ten; then sort by name; then page on.
    const searchMs = await timeChange(
      page,
      `const input = document.querySelector('input[type="search"]');
       Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, 'Scale Shop 1');
       input.dispatchEvent(new Event('input', { bubbles: true }));`,
      `!(${pagerText}).includes('of ${(SHOPS + 3).toLocaleString('en-US')} shops') && !document.querySelector('[aria-busy="true"]')`,
    );
    const firstName = `document.querySelector('table tbody th')?.textContent`;
    const sortMs = await timeChange(
      page,
      `window.__before = ${firstName}; [...document.querySelectorAll('thead button')].find((b) => b.textContent.startsWith('Name')).click();`,
      `${firstName} !== window.__before`,
    );
    const nextMs = await timeChange(
      page,
      `window.__before = ${firstName}; [...document.querySelectorAll('${PAGER} button')].find((b) => b.textContent === 'Next').click();`,
      `${firstName} !== window.__before`,
    );
    await idle(page);
    const after = await page.evaluate(() => [...(window.__bench.longTasks ?? [])]);
    const interactionTasks = after.slice(before);
    return {
      dataAfterWait: opened.dataAt - waitEnds,
      firstRowAfterWait: firstRowAt - Math.max(waitEnds, opened.dataAt),
      firstRowFromSkeleton: firstRowAt - skeletonAt,
      listKb: opened.listBytes / 1024,
      rows: opened.rows,
      elements: opened.elements,
      total: Number(/of ([\d,]+) shops/.exec(opened.pager)?.[1]?.replace(/\D/g, '') ?? NaN),
      openLongest: Math.max(0, ...opened.longTasks),
      openLongTasks: opened.longTasks.length,
      searchMs,
      sortMs,
      nextMs,
      interactionLongest: Math.max(0, ...interactionTasks),
    };
  } finally {
    await context.close();
  }
}

const FIGURES = [
  ['data arrived, ms after the 1 s wait ended (< 0: before)', 'dataAfterWait', 0],
  ['first rows, ms after the wait ended and data arrived', 'firstRowAfterWait', 0],
  ['first rows, ms after the skeleton appeared', 'firstRowFromSkeleton', 0],
  ['GET /shops/shop body (kB)', 'listKb', 0],
  ['table rows in the DOM', 'rows', 0],
  ['DOM elements on the page', 'elements', 0],
  ['shops shown by the pager', 'total', 0],
  ['longest main-thread task while opening (ms)', 'openLongest', 0],
  ['long tasks (≥ 50 ms) while opening', 'openLongTasks', 0],
  ['search "Scale Shop 1": rows painted (ms)', 'searchMs', 0],
  ['sort by Name: rows painted (ms)', 'sortMs', 0],
  ['Next page: rows painted (ms)', 'nextMs', 0],
  ['longest main-thread task while searching/sorting/paging (ms)', 'interactionLongest', 0],
] as const;

async function main() {
  if (!Number.isInteger(SHOPS) || SHOPS < 1 || !Number.isInteger(RUNS) || RUNS < 1) {
    throw new Error('--shops and --runs must be positive integers');
  }
  const seedArgs = ['--shops', String(SHOPS), '--loans', '0'];
  await withSeededSystem(
    { name: 'shops', panelPort: PANEL_PORT, apiPort: API_PORT, seedArgs },
    async ({ browser, apiBase }) => {
      const session = await apiLogin(apiBase, ADMIN);
      const results: Array<Awaited<ReturnType<typeof measureOnce>>> = [];
      for (let i = 0; i < RUNS; i++) {
        console.log(`Run ${i + 1}/${RUNS}: opening /shop …`);
        results.push(await measureOnce(browser, session));
      }
      printTable(
        results,
        `/shop as the super admin · ${(results[0]?.total ?? NaN).toLocaleString('en-US')} shops · Chromium ${browser.version()} · ${RUNS} runs\n` +
          `targets: first rows ≤ 200 ms after the wait, no task > 50 ms`,
        FIGURES,
      );
    },
  );
}

main().catch((error) => {
  console.error(error instanceof NoRowsError ? error.message : error);
  process.exit(1);
});
