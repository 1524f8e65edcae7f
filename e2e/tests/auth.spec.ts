import type { Page } from '@playwright/test';

import { MENU_TITLES } from '../../shared/src/auth/roles';
import { MESSAGES, unknownErrorText } from '../../shared/src/config/messages';
import { readResetCode, registerShopViaApi, TINY_PNG, uniqueEmail } from '../fixtures/auth-shops';
import { apiLogin, authHeader, DEMO, type DemoUser } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

const RED = 'rgb(198, 40, 40)';

async function logInThroughForm(
  page: Page,
  email: string,
  password: string,
  { remember = false }: { remember?: boolean } = {},
) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Login' }).click();
}

function storedToken(page: Page) {
  return page.evaluate(() => ({
    session: sessionStorage.getItem('loginStatus'),
    local: localStorage.getItem('loginStatus'),
    status: localStorage.getItem('status'),
    shopId: localStorage.getItem('shop_id'),
  }));
}

test.describe('login', () => {
  const roles: [DemoUser, string][] = [
    ['shop', MENU_TITLES.shop],
    ['admin', MENU_TITLES.provider],
  ];
  for (const [user, menuTitle] of roles) {
    test(`${user} logs in and lands on /home with the ${menuTitle} menu`, async ({ page }) => {
      await page.goto('/auth/login');
      await expect(page.getByText(MESSAGES.slogan)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      await logInThroughForm(page, ` ${DEMO[user].email} `, `${DEMO[user].password} `);

      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: menuTitle, exact: true })).toBeVisible();
    });
  }

  test('a wrong password shows the server error in red under the password', async ({ page }) => {
    await logInThroughForm(page, DEMO.shop.email, 'not-the-password');

    const error = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await expect(error).toBeVisible();
    await expect(error).toHaveCSS('color', RED);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /Invalid email or password/,
    );
    await expect(page.getByTestId('loading-overlay')).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('without Remember me the token is kept in session storage only', async ({ page }) => {
    await logInThroughForm(page, DEMO.shop.email, DEMO.shop.password);
    await expect(page).toHaveURL(/\/home$/);

    const stored = await storedToken(page);
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBeNull();
    expect(stored.status).toBe('admin');
    expect(stored.shopId).toMatch(/^\d+$/);
  });

  test('with Remember me the token is kept in local storage too', async ({ page }) => {
    await logInThroughForm(page, DEMO.admin.email, DEMO.admin.password, { remember: true });
    await expect(page).toHaveURL(/\/home$/);

    const stored = await storedToken(page);
    expect(stored.session).toBeTruthy();
    expect(stored.local).toBe(stored.session);
    expect(stored.status).toBe('super_admin');
  });

  test('a user remembered in both storages skips the login page', async ({ page }) => {
    const login = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    await page.goto('/auth/login');
    await page.evaluate((value) => {
      sessionStorage.setItem('loginStatus', value.access);
      localStorage.setItem('loginStatus', value.access);
      localStorage.setItem('status', value.status);
      localStorage.setItem('shop_id', String(value.shop_id));
    }, login);

    await page.goto('/auth/login/');

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: MENU_TITLES.shop, exact: true })).toBeVisible();
  });

  test('Enter in the e-mail moves to the password and the tabs follow the path', async ({
    page,
  }) => {
    await page.goto('/auth/login/');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Email').fill(DEMO.shop.email);
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('link', { name: 'Login' })).not.toHaveAttribute('aria-current');
  });
});

test.describe('register', () => {
  async function fillRegistration(page: Page, email: string) {
    await page.goto('/auth/register');
    await page.getByLabel('Shop name').fill(' E2E Refill Shop ');
    await page.getByLabel('Email').fill(` ${email} `);
    await page.getByLabel('Phone').fill(' +44 20 7946 0001 ');
  }

  test('a shop registers with a logo and appears inactive for the super admin', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await fillRegistration(page, email);
    await page.getByRole('checkbox', { name: MESSAGES.termsLabel }).check();
    await page
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByRole('status').filter({ hasText: MESSAGES.registered })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    const admin = await apiLogin(page.request, DEMO.admin.email, DEMO.admin.password);
    const response = await page.request.get('/api/v0/shops/shop', { headers: authHeader(admin) });
    expect(response.ok()).toBe(true);
    const shops = (await response.json()) as {
      email: string;
      name: string;
      phone: string;
      status: string;
      logo: string | null;
    }[];
    const shop = shops.find((candidate) => candidate.email === email.toLowerCase());
    expect(shop).toMatchObject({
      name: 'E2E Refill Shop',
      phone: '+44 20 7946 0001',
      status: 'inactive',
    });
    expect(shop?.logo).toBeTruthy();
  });

  test('the terms must be accepted', async ({ page }) => {
    await fillRegistration(page, uniqueEmail('terms'));
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.acceptTerms);
    await expect(page.getByRole('checkbox', { name: MESSAGES.termsLabel })).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('a logo over 2 MB is refused and cleared', async ({ page }) => {
    await page.goto('/auth/register');
    const logo = page.getByLabel('Logo');
    await logo.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]),
    });

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.fileTooLarge);
    await expect(page.getByRole('alert')).toHaveCSS('color', RED);
    await expect(logo).toHaveValue('');
  });

  test('only images are accepted as a logo', async ({ page }) => {
    await page.goto('/auth/register');
    const logo = page.getByLabel('Logo');
    await expect(logo).toHaveAttribute('accept', 'image/*');
    await logo.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.imagesOnly);
    await expect(logo).toHaveValue('');
  });
});

test.describe('forgot password', () => {
  test('a new shop sets its password with the e-mailed code and logs in once activated', async ({
    page,
  }) => {
    const email = uniqueEmail('reset');
    const shopId = await registerShopViaApi(page.request, { name: 'E2E Reset Shop', email });
    const newPassword = 'fresh-pass-123';

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgotPassword$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetCodeSent);

    const code = await readResetCode(email);
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your password has been reset. You can log in now.')).toBeVisible();

    // Registered shops start inactive: the login shows the server's reason as-is.
    await logInThroughForm(page, email, newPassword);
    await expect(page.getByRole('alert')).toContainText('not active');

    const admin = await apiLogin(page.request, DEMO.admin.email, DEMO.admin.password);
    const activation = await page.request.post('/api/v0/shops/change-shop-status/', {
      headers: authHeader(admin),
      data: { shop: shopId, new_status: 'active' },
    });
    expect(activation.ok(), await activation.text()).toBe(true);

    await logInThroughForm(page, email, newPassword);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: MENU_TITLES.shop, exact: true })).toBeVisible();
  });

  test('a wrong code shows the tries left on the code field; "Send a new code" sends one that works', async ({
    page,
  }) => {
    const email = uniqueEmail('resend');
    await registerShopViaApi(page.request, { name: 'E2E Resend Shop', email });
    await page.goto('/auth/forgotPassword');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    const first = await readResetCode(email);
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');

    const codeField = page.getByLabel('Code');
    await codeField.fill(wrong);
    await page.getByLabel('Password', { exact: true }).fill('fresh-pass-456');
    await page.getByLabel('Confirm password', { exact: true }).fill('fresh-pass-456');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(new RegExp(MESSAGES.triesLeft(4)));

    await page.getByRole('button', { name: MESSAGES.sendNewCode }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.newCodeSent);
    await expect(codeField).toBeFocused();
    await expect.poll(() => readResetCode(email)).not.toBe(first);
    await codeField.fill(await readResetCode(email));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test("different passwords show Passwords Doesn't match", async ({ page }) => {
    await page.goto('/auth/forgotPassword');
    // The API answers 200 for any address, so no demo account is touched.
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.resetCodeSent);

    await page.getByLabel('Code').fill('123456');
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('other-pass-2');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordsDontMatch);
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAccessibleDescription(
      MESSAGES.passwordsDontMatch,
    );
    await expect(page).toHaveURL(/\/auth\/forgotPassword$/);
  });

  test('a non-200 reply shows the unknown error block with its status', async ({ page }) => {
    // An empty address is caught before any call (issue 34), so the API's
    // refusal is made here: any non-200 reply shows the spec's block.
    await page.route('**/api/v0/shops/forget-password/', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Invalid request' }),
      }),
    );
    await page.goto('/auth/forgotPassword');
    await page.getByLabel('Email').fill(uniqueEmail('refused'));
    await page.getByRole('button', { name: 'Send Email' }).click();

    await expect(page.getByRole('alert')).toHaveText(unknownErrorText(400));
    await expect(page.getByLabel('Code')).toHaveCount(0);
  });
});
