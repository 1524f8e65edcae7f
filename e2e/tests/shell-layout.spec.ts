import { openAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

// Texts are the spec's (section 2); they live in @panel/shared and are repeated
// here only as the user reads them.
// The spec's order, with the counter's Lend and Take back after Returns (issue 29).
const SHOP_MENU = [
  'Home',
  'Loans',
  'Returns',
  'Lend',
  'Take back',
  'Containers',
  "Request's Container",
  'Support',
  'Logout',
];
const SHOP_GROUP = ['Requests', 'Pending', 'Accepted', 'Denied Request'];
const PROVIDER_MENU = [
  'Home',
  'Shop List',
  "Request's Container",
  'QR generator',
  // Beyond the spec's menu: the audit log (issue 33).
  'Audit log',
  'Support',
  'Logout',
];
const PROVIDER_GROUP = ['Pending', 'Accepted', 'Denied Request'];

test.describe('routing', () => {
  test('entering the panel without a token goes to /auth/login/', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login\/$/);
  });

  test('an unknown path shows 404 with Back to Home', async ({ page }) => {
    await openAs(page, 'shop', '/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a bad or expired token clears storage and goes to login', async ({ page }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => {
      sessionStorage.setItem('loginStatus', 'not-a-valid-token');
      localStorage.setItem('status', 'admin');
    });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/login\/?$/);
    expect(await page.evaluate(() => sessionStorage.getItem('loginStatus'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('status'))).toBeNull();
  });
});

test.describe('side menu', () => {
  async function menuLabels(page: import('@playwright/test').Page) {
    const nav = page.getByRole('navigation');
    const texts = await nav
      .locator(':scope > ul > li > a, :scope > ul > li > button')
      .allInnerTexts();
    // The super admin's group also carries its pending badge ("3 pending"), not part of the label.
    return texts.map((text) => text.replace(/(?<!\s)\s+[\d+]+\s+[\d,]+ pending\b/, ''));
  }

  test('shop user sees the Admin menu in the spec order', async ({ page }) => {
    await openAs(page, 'shop', '/support');
    await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
    expect(
      (await menuLabels(page)).map((label) => label.replace(/^\W+/, '').replace(/▾$/, '').trim()),
    ).toEqual(SHOP_MENU);
    await page.getByRole('button', { name: "Request's Container" }).click();
    for (const label of SHOP_GROUP) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('super admin sees the Super admin menu in the spec order', async ({ page }) => {
    await openAs(page, 'admin', '/support');
    await expect(page.getByRole('heading', { name: 'Super admin' })).toBeVisible();
    expect(
      (await menuLabels(page)).map((label) => label.replace(/^\W+/, '').replace(/▾$/, '').trim()),
    ).toEqual(PROVIDER_MENU);
    await page.getByRole('button', { name: "Request's Container" }).click();
    for (const label of PROVIDER_GROUP) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Requests', exact: true })).toHaveCount(0);
  });

  test("the Request's Container group reveals its items 300 ms apart and turns its arrow", async ({
    page,
  }) => {
    await openAs(page, 'shop', '/support');
    const toggle = page.getByRole('button', { name: "Request's Container" });
    const arrow = toggle.locator('span').last();
    const before = await arrow.evaluate((el) => getComputedStyle(el).transform);
    // Record when each item is unhidden, in the page's own clock (a
    // MutationObserver fires right after the DOM change, not on a frame).
    await page.evaluate(() => {
      const w = window as unknown as { revealTimes: number[] };
      w.revealTimes = [];
      const list = document.getElementById('menu-group-requests') as HTMLElement;
      const start = performance.now();
      new MutationObserver((records) => {
        for (const record of records) {
          const item = record.target as HTMLElement;
          if (item.tagName === 'LI' && !item.hidden) w.revealTimes.push(performance.now() - start);
        }
      }).observe(list, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Denied Request' })).toBeVisible();
    const times = await page.evaluate(
      () => (window as unknown as { revealTimes: number[] }).revealTimes,
    );
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i += 1) {
      const gap = (times[i] as number) - (times[i - 1] as number);
      // 300 ms apart: never together, and never a whole step late (a busy
      // machine's timers fire late, so the upper bound allows one more step).
      expect(gap).toBeGreaterThan(200);
      expect(gap).toBeLessThan(900);
    }
    await expect
      .poll(() => arrow.evaluate((el) => getComputedStyle(el).transform))
      .not.toBe(before);
  });

  test('Logout clears both storages and goes to the login page', async ({ page }) => {
    await openAs(page, 'shop', '/support');
    await page.evaluate(() => localStorage.setItem('loginStatus', 'remembered'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const left = await page.evaluate(() => ({
      session: sessionStorage.length,
      token: localStorage.getItem('loginStatus'),
      status: localStorage.getItem('status'),
      shopId: localStorage.getItem('shop_id'),
    }));
    expect(left).toEqual({ session: 0, token: null, status: null, shopId: null });
  });

  test('the drawer is 250 px wide and fixed on a wide screen', async ({ page }) => {
    await openAs(page, 'shop', '/support');
    const box = await page.getByRole('navigation').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 250 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('small screen (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is off-screen, opens from the menu icon and closes with its plus or on choosing', async ({
    page,
  }) => {
    await openAs(page, 'shop', '/support');
    const nav = page.getByRole('navigation');
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-250);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-250);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-250);
  });

  test('the closed menu takes no focus; opened it takes the focus, Escape closes it and gives it back', async ({
    page,
  }) => {
    await openAs(page, 'shop', '/support');
    const nav = page.getByRole('navigation');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await expect(openMenu).toBeVisible();
    // Tab through the page: no press may land inside the off-screen menu.
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    }
    await openMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Open, the drawer is modal: Tab walks its controls and comes round to the
    // first. Past the last one the browser may keep the focus for one press
    // (then it is on <body>); never longer, and never on the page behind.
    const stops: string[] = [];
    for (let press = 0; press < 30 && stops.at(-1) !== 'Close menu'; press += 1) {
      await page.keyboard.press('Tab');
      stops.push(
        await nav.evaluate((el) => {
          const focused = document.activeElement;
          if (!focused || focused === document.body) return '<body>';
          if (!el.contains(focused)) return `outside: ${focused.outerHTML.slice(0, 80)}`;
          return focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '';
        }),
      );
    }
    expect(stops.at(-1), stops.join(' | ')).toBe('Close menu');
    expect(
      stops.some((stop) => stop.endsWith('Logout')),
      stops.join(' | '),
    ).toBe(true);
    expect(stops.slice(0, -2), stops.join(' | ')).not.toContain('<body>');
    expect(
      stops.filter((stop) => stop.startsWith('outside')),
      stops.join(' | '),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-250);
    await expect(openMenu).toBeFocused();
  });

  test('a click beside the open menu closes it and gives the focus back', async ({ page }) => {
    await openAs(page, 'shop', '/support');
    const nav = page.getByRole('navigation');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.click();
    await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
    await page.mouse.click(360, 400);
    await expect.poll(async () => (await nav.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-250);
    await expect(openMenu).toBeFocused();
  });

  test('the profile drawer takes the focus; Escape and a click outside close it and give it back', async ({
    page,
  }) => {
    await openAs(page, 'shop', '/support');
    const profile = page.getByRole('button', { name: 'Profile' });
    const drawer = page.getByRole('dialog', { name: 'Profile' });
    await profile.focus();
    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(profile).toBeFocused();
    await expect(profile).toHaveAttribute('aria-expanded', 'false');

    await profile.click();
    await expect(drawer).toBeVisible();
    // A spot of the page with nothing to focus, away from the drawer.
    await page.mouse.click(20, 780);
    await expect(drawer).toHaveCount(0);
    await expect(profile).toBeFocused();
  });
});

test.describe('header', () => {
  test('greets the shop by name and opens the profile drawer', async ({ page, request }) => {
    const login = await openAs(page, 'shop', '/support');
    const info = await request.get('/api/v0/shops/shop/info', {
      headers: { Authorization: `JWT ${login.access}` },
    });
    const [shop] = (await info.json()) as { name: string }[];
    await expect(page.getByText(`Hello, ${shop?.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Profile' });
    await expect(drawer.getByText(shop?.name ?? '')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await drawer.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('loginStatus'))).toBeNull();
  });

  test('greets the super admin, whose drawer has Sign Out but no profile to edit', async ({
    page,
  }) => {
    await openAs(page, 'admin', '/support');
    await expect(page.getByText('Hello, Super Admin')).toBeVisible();
    await page.getByRole('button', { name: 'Profile' }).click();
    const drawer = page.getByRole('dialog', { name: 'Profile' });
    await expect(drawer.getByRole('link', { name: 'Sign Out' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New container request' })).toHaveCount(0);
  });

  test('the floating add button links to a new request and hides on it', async ({ page }) => {
    await openAs(page, 'shop', '/support');
    const add = page.getByRole('link', { name: 'New container request' });
    await expect(add).toHaveAttribute('href', '/requests?page=main');
    await add.click();
    await expect(page).toHaveURL(/\/requests\?page=main$/);
    await expect(add).toHaveCount(0);
    await page.goto('/requests?page=pending');
    await expect(add).toBeVisible();
    // /requests alone shows the form too: its address becomes page=main, so the
    // button does not cover the floating Send Request on a phone.
    await page.goto('/requests');
    await expect(page).toHaveURL(/\/requests\?page=main$/);
    await expect(add).toHaveCount(0);
  });
});

test.describe('support page', () => {
  test('has the configured chat link and a 4-item accordion with one item open at a time', async ({
    page,
  }) => {
    await openAs(page, 'admin', '/support');
    await expect(page.getByRole('link', { name: 'Start Chat' })).toHaveAttribute(
      'href',
      process.env.SUPPORT_CHAT_URL ?? '',
    );
    const questions = page.locator('#root h2 > button[aria-controls^="faq-a-"]');
    await expect(questions).toHaveCount(4);
    await expect(questions.nth(0)).toHaveText(/How do I get more containers\?/);
    const openAnswers = page.getByRole('region', { name: /\?$/ });
    await questions.nth(0).click();
    await expect(openAnswers).toHaveCount(1);
    await expect(openAnswers).toContainText('Send Request');
    await questions.nth(2).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(openAnswers).toHaveCount(1);
  });
});

test.describe('tab title and icon', () => {
  test('each page names itself in the tab title, and the panel has a favicon', async ({ page }) => {
    await openAs(page, 'shop', '/loan');
    await expect(page).toHaveTitle('Loans · Lending panel');
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveTitle('Support · Lending panel');
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect((await icon.body()).length).toBeGreaterThan(0);
  });
});
