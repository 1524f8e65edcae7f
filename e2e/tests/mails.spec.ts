import type { Page } from '@playwright/test';

import { MENU_TITLES } from '../../shared/src/auth/roles';
import { MAIL_MESSAGES } from '../../shared/src/config/mail-messages';
import { MESSAGES } from '../../shared/src/config/messages';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import { mailsTo, readActivationLink } from '../fixtures/mails';
import { apiLogin, openAs } from '../fixtures/session';
import { expect, test } from '../fixtures/test';

async function choosePassword(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: MAIL_MESSAGES.setPasswordSubmit }).click();
}

test.describe('the activation mail (issue 32)', () => {
  test('a new shop sets its password once from the link, then logs in', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('activated');
    const name = `Mail <Test> Shop ${Date.now()}`;
    await registerShopViaApi(page.request, { name, email });

    // The super admin activates it from the dashboard's New Shops, in a browser of their own.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await openAs(adminPage, 'admin', '/home');
    const card = adminPage.getByRole('listitem', { name });
    await card.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(adminPage.getByText(MESSAGES.shopActivated)).toBeVisible();
    await adminContext.close();

    const link = await readActivationLink(email);
    const activationMails = (await mailsTo(email)).filter((m) =>
      m.subject.startsWith('Your shop is active'),
    );
    expect(activationMails).toHaveLength(1);
    expect(activationMails[0]?.html).toContain('Mail &lt;Test&gt; Shop');
    expect(activationMails[0]?.text).toContain(`Hello ${name},`);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: MAIL_MESSAGES.setPasswordTitle })).toBeVisible();
    await choosePassword(page, 'chosen-by-link-1');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your password has been set. You can log in now.')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('chosen-by-link-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: MENU_TITLES.shop, exact: true })).toBeVisible();

    // The same link a second time: refused, and the password stays.
    await page.goto(`${link.pathname}${link.search}`);
    await choosePassword(page, 'chosen-again-2');
    await expect(page.getByRole('alert')).toContainText('This link has already been used.');
    await expect(page).toHaveURL(/\/auth\/set-password\?token=/);
    expect((await apiLogin(page.request, email, 'chosen-by-link-1')).status).toBe('admin');
  });
});
