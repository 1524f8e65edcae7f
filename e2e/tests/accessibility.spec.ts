import type { Locator, Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';

import { seriousAxeFindings } from '../fixtures/axe';
import { openAs, type DemoUser } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

/*
 * axe-core on every screen of both roles, at a wide and a phone width. A
 * serious or critical finding fails the test; the list names each rule and
 * the elements it found, so a failure says what to fix. A role's screens are
 * judged in one page, each reached inside the app: what is judged is the
 * screen, and loading the whole panel again for each cost more than axe.
 */

interface Screen {
  path: string;
  /** What shows once the screen has loaded (a heading or a control), and not on the screen before. */
  ready: (page: Page) => Locator;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 });

/** A requests tab: every tab has the same heading, only one is the current tab. */
const requestsTab = (label: string) => (page: Page) =>
  page
    .getByRole('navigation', { name: 'Request tabs' })
    .getByRole('link', { name: label, exact: true })
    .and(page.locator('[aria-current="page"]'));

const GUEST: Screen[] = [
  { path: '/auth/login', ready: (page) => page.getByRole('button', { name: 'Login' }) },
  { path: '/auth/register', ready: (page) => page.getByRole('button', { name: 'Register' }) },
  {
    path: '/auth/forgotPassword',
    ready: (page) => page.getByRole('button', { name: 'Send Email' }),
  },
];

const SCREENS: Record<DemoUser & ('shop' | 'admin'), Screen[]> = {
  shop: [
    { path: '/home', ready: heading('Dashboard') },
    { path: '/loan', ready: heading(/Loans/) },
    { path: '/return', ready: heading(/Returns/) },
    { path: '/containers', ready: heading(/Containers/) },
    { path: '/requests?page=main', ready: requestsTab(MESSAGES.requestTabMain) },
    { path: '/requests?page=pending', ready: requestsTab(MESSAGES.requestTabPendingShop) },
    { path: '/requests?page=accepted', ready: requestsTab(MESSAGES.requestTabAccepted) },
    { path: '/requests?page=denied', ready: requestsTab(MESSAGES.requestTabDenied) },
    { path: '/profile', ready: heading('My Profile') },
    { path: '/support', ready: heading(/Frequently Asked Questions/) },
  ],
  admin: [
    { path: '/home', ready: heading('Dashboard') },
    { path: '/shop', ready: heading('Shop List') },
    { path: '/requests?page=pending', ready: requestsTab(MESSAGES.requestTabPendingProvider) },
    { path: '/requests?page=accepted', ready: requestsTab(MESSAGES.requestTabAccepted) },
    { path: '/requests?page=denied', ready: requestsTab(MESSAGES.requestTabDenied) },
    { path: '/qr', ready: heading('QR Generator') },
    { path: '/support', ready: heading(/Frequently Asked Questions/) },
    { path: '/no/such/page', ready: (page) => page.getByRole('heading', { name: '404' }) },
  ],
};

/**
 * Shows another screen without loading the page again: the router follows
 * a history entry as it does the back button's.
 */
async function showScreen(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectNoSeriousFindings(page: Page, screen: Screen) {
  await expect(screen.ready(page)).toBeVisible();
  // Loading placeholders and count-ups must have settled, or axe judges a skeleton.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // An open menu group reveals its items one after another, each fading in:
  // wait for the last to be revealed, then judge colours once the fades are over.
  await expect(page.locator('nav ul:not([hidden]) > li[hidden]')).toHaveCount(0);
  // A cancelled animation (the page replaced it) rejects `finished`: it is over too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  expect.soft(await seriousAxeFindings(page), `axe findings on ${screen.path}`).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of GUEST) {
      test(`guest ${screen.path}`, async ({ page }) => {
        await page.goto(screen.path);
        await expectNoSeriousFindings(page, screen);
      });
    }

    for (const [user, screens] of Object.entries(SCREENS) as Array<[DemoUser, Screen[]]>) {
      test(`${user === 'shop' ? 'shop' : 'super admin'}: every screen`, async ({ page }) => {
        // One axe run per screen, a dozen screens: several seconds each on a busy machine.
        test.setTimeout(30_000 * screens.length);
        await openAs(page, user, screens[0]?.path);
        for (const [index, screen] of screens.entries()) {
          await test.step(screen.path, async () => {
            if (index > 0) await showScreen(page, screen.path);
            await expectNoSeriousFindings(page, screen);
          });
        }
      });
    }
  });
}
