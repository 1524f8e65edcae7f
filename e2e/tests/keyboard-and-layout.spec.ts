import type { Page } from '@playwright/test';

import { STORAGE_KEYS } from '../../shared/src/auth/session';
import { MESSAGES } from '../../shared/src/config/messages';
import { PATHS } from '../../shared/src/config/routes';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import { openAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

const WIDTHS = [
  { width: 1280, height: 720 },
  { width: 390, height: 664 },
];

/** Where the keyboard focus is: inside `selector`'s element, or not. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => document.querySelector(sel)?.contains(document.activeElement), selector);

test.describe('keyboard', () => {
  for (const { user, path } of [
    { user: 'shop', path: '/requests?page=main' },
    { user: 'admin', path: PATHS.shop },
  ] as const) {
    test(`Skip to content is the first Tab on ${path} and leads into the page`, async ({
      page,
    }) => {
      await openAs(page, user, path);
      await expect(page.locator('main h1')).toBeVisible();
      // Wait for the page's own controls: the shop list shows only a
      // skeleton, with nothing to focus, for its spec's first second.
      await expect(
        page.locator('main').locator('a[href], button:not([disabled]), input').first(),
      ).toBeVisible();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: MESSAGES.skipToContent });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      expect(await focusInside(page, 'main')).toBe(true);
      // The address is the page's own, not #main-content.
      expect(new URL(page.url()).hash).toBe('');
    });
  }

  test('Tab and Shift+Tab stay inside the open confirmation dialog', async ({ page }) => {
    await openAs(page, 'shop', '/requests?page=main');
    await page
      .getByRole('button', { name: /^More / })
      .first()
      .click();
    await page.getByRole('button', { name: MESSAGES.sendRequest }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.confirmRequestTitle });
    await expect(dialog).toBeVisible();
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInside(page, 'dialog[open]'), `after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the login page opens with the focus in the e-mail field', async ({ page }) => {
    await page.goto(PATHS.login);
    await expect(page.getByLabel('Email')).toBeFocused();
  });
});

test.describe('layout', () => {
  const SHOP_PAGES = [
    PATHS.home,
    PATHS.loan,
    PATHS.return,
    PATHS.containers,
    PATHS.profile,
    PATHS.support,
    '/requests?page=pending',
    '/requests?page=accepted',
  ];

  for (const viewport of WIDTHS) {
    test(`the add button covers nothing at the end of any shop page at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAs(page, 'shop', PATHS.home);
      const add = page.getByRole('link', { name: 'New container request' });
      for (const path of SHOP_PAGES) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
        await expect(add).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const covered = await page.evaluate(() => {
          const fab = document.querySelector('a[aria-label="New container request"]');
          if (!fab) return ['no add button'];
          const f = fab.getBoundingClientRect();
          return Array.from(document.querySelectorAll('main *'))
            .filter((el) => !fab.contains(el) && el.children.length === 0)
            .filter((el) => {
              const b = el.getBoundingClientRect();
              return (
                b.width > 0 &&
                b.height > 0 &&
                b.left < f.right &&
                b.right > f.left &&
                b.top < f.bottom &&
                b.bottom > f.top
              );
            })
            .map((el) => `${el.tagName} "${(el.textContent ?? '').slice(0, 30)}"`);
        });
        expect(covered, path).toEqual([]);
      }
    });
  }

  test("the shop's Accepted card has a disabled Accepted button", async ({ page }) => {
    await openAs(page, 'shop', '/requests?page=accepted');
    const accepted = page
      .getByRole('list')
      .getByRole('button', { name: MESSAGES.requestAcceptedLabel })
      .first();
    await expect(accepted).toBeDisabled();
  });

  test('an e-mail in the shop list breaks only after its @', async ({ page, request }) => {
    // A long name and a long address squeeze the e-mail column.
    const email = uniqueEmail('column-width-of-a-long-address');
    await registerShopViaApi(request, {
      name: 'Neighbourhood Refillery Cooperative Of The Old Harbour Market',
      email,
    });
    const domain = email.slice(email.indexOf('@') + 1);
    for (const width of [1280, 1000]) {
      await page.setViewportSize({ width, height: 800 });
      await openAs(page, 'admin', PATHS.shop);
      await page.getByLabel('Search shops').fill(email);
      const cell = page.locator('td[data-label="Email"]', { hasText: domain });
      await expect(cell).toHaveCount(1);
      // A part too long for the column is cut short; the whole address is in the title.
      await expect(cell).toHaveAttribute('title', email);
      // The cell's text as drawn, one string per line.
      const lines = await cell.evaluate((td) => {
        const drawn: Array<{ char: string; top: number }> = [];
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            drawn.push({ char: text[i] ?? '', top: Math.round(range.getBoundingClientRect().top) });
          }
        }
        const result: string[] = [];
        let top: number | undefined;
        for (const { char, top: charTop } of drawn) {
          if (charTop !== top) result.push('');
          top = charTop;
          result[result.length - 1] += char;
        }
        return result;
      });
      expect([[email], [email.slice(0, -domain.length), domain]], `${width} px`).toContainEqual(
        lines,
      );
    }
  });
});

test.describe('logout', () => {
  test('leaves nothing in local or session storage but the rollout bucket', async ({ page }) => {
    await openAs(page, 'shop', PATHS.home);
    await page.getByRole('link', { name: /^\W*Containers$/ }).click();
    await expect(page.locator('main h1')).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`${MESSAGES.menuLogout}$`) }).click();
    await expect(page).toHaveURL(/\/auth\/login\/?$/);
    await expect(page.getByLabel('Email')).toBeVisible();
    const left = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    // docs/decisions.md: the canary bucket is the one exception.
    expect(left.local.filter((key) => key !== STORAGE_KEYS.rolloutId)).toEqual([]);
    expect(left.session).toEqual([]);
  });
});
