import { MENU_TITLES } from '../../shared/src/auth/roles';
import { PANEL_HOST_ALIAS } from '../fixtures/panel-host';
import { DEMO } from '../fixtures/session';
import { PANEL_PORT, REMOTE_PORTS } from '../fixtures/system';
import { expect, test } from '../fixtures/test';

// Opened at a machine's name over plain HTTP, the page is not a secure
// context: APIs such as crypto.randomUUID are missing there.
test('a shop logs in over plain HTTP at a host name other than localhost', async ({ page }) => {
  const origin = `http://${PANEL_HOST_ALIAS}:${PANEL_PORT}`;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto(`${origin}/auth/login`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await page.getByLabel('Email').fill(DEMO.shop.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.shop.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(`${origin}/home`);
  await expect(page.getByRole('heading', { name: MENU_TITLES.shop, exact: true })).toBeVisible();
  await expect(page.locator('[data-remote="mfe_dashboard"]')).toBeVisible();
  // The remotes came from the same host name, through CORS for this origin.
  const dashboard = `http://${PANEL_HOST_ALIAS}:${REMOTE_PORTS['mfe-dashboard']}/`;
  expect(requested.some((url) => url.startsWith(dashboard))).toBe(true);
});
