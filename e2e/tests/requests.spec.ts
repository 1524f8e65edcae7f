import type { APIRequestContext, Page } from '@playwright/test';

import { MESSAGES } from '../../shared/src/config/messages';
import { DECISION_MESSAGES } from '../../shared/src/config/decision-messages';
import { PAGE_MESSAGES } from '../../shared/src/config/page-messages';
import { registerShopViaApi, uniqueEmail } from '../fixtures/auth-shops';
import { mailsTo } from '../fixtures/mails';
import { apiGet, apiPost } from '../fixtures/dashboard-api';
import {
  apiLogin,
  authHeader,
  DEMO,
  openAs,
  openWithLogin,
  type ApiLogin,
} from '../fixtures/session';
import { expect, test } from '../fixtures/test';

interface ApiRequest {
  id: number;
  status: 'PENDING' | 'APPROVED' | 'DENIED';
  request_date: string;
  shop: { id: number; name: string };
  items: Array<{ quantity: number; container_type: string; approved: number | null }>;
}

interface Stock {
  shop_packs_by_container_type: Record<string, number>;
  provider_stock_by_container_type?: Record<string, number>;
}

const STOCK = '/pack/containers/loans_and_packs_by_container_type/';

async function createRequest(
  request: APIRequestContext,
  shop: ApiLogin,
  containers: Array<{ container_type: string; count: number }>,
): Promise<ApiRequest> {
  return apiPost<ApiRequest>(request, shop, '/pack/containers/request_container/', { containers });
}

/** Makes sure the provider has at least `count` containers of a type in stock. */
async function ensureProviderStock(
  request: APIRequestContext,
  admin: ApiLogin,
  type: string,
  count: number,
) {
  const stock = await apiGet<Stock>(request, admin, STOCK);
  const missing = count - (stock.provider_stock_by_container_type?.[type] ?? 0);
  if (missing > 0)
    await apiPost(request, admin, '/pack/containers/generate_codes/', {
      country: 'France',
      type,
      count: missing,
    });
}

async function pendingTotal(request: APIRequestContext, admin: ApiLogin): Promise<number> {
  const response = await request.get('/api/v0/pack/container-requests/?status=PENDING&limit=1', {
    headers: authHeader(admin),
  });
  return Number(response.headers()['x-total-count']);
}

/** Accept on a card, then its confirmation dialog; resolves to the dialog. */
async function openApprove(page: Page, id: number) {
  await card(page, id).getByRole('button', { name: MESSAGES.requestAccept }).click();
  const dialog = page.getByRole('dialog', { name: DECISION_MESSAGES.approveTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A request card as the page names it: "Request 12" for the shop, "Request 12 of Green Cafe" for the super admin. */
const card = (page: Page, id: number) =>
  page.getByRole('listitem', { name: new RegExp(`^Request ${id}( of .*)?$`) });

/** A tab of the page itself (the side menu has links of the same names). */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Request tabs' }).getByRole('link', { name, exact: true });

const cards = (page: Page) => page.getByRole('listitem', { name: /^Request \d+/ });

test.describe('requests', () => {
  test('a shop sends a request through the pickers and the dialog; it leads both Pending tabs', async ({
    page,
    browser,
  }) => {
    const shop = await openAs(page, 'shop', '/requests?page=main');
    const types = (
      await apiGet<{ types: Record<string, string> }>(
        page.request,
        shop,
        '/pack/containers/types_and_countries',
      )
    ).types;
    const [[firstKey, firstLabel], [secondKey, secondLabel]] = Object.entries(types) as [
      [string, string],
      [string, string],
    ];

    await expect(page.getByRole('link', { name: 'New container request' })).toHaveCount(0);
    const send = page.getByRole('button', { name: MESSAGES.sendRequest });
    await expect(send).toBeDisabled();

    // The limits of one picker: minus stops at 0, plus at 99, typing outside 0–99 is ignored.
    const input = page.getByLabel(firstLabel, { exact: true });
    const minus = page.getByRole('button', { name: `Fewer ${firstLabel}` });
    const plus = page.getByRole('button', { name: `More ${firstLabel}` });
    await expect(input).toHaveValue('0');
    await expect(minus).toBeDisabled();
    await input.fill('98');
    await plus.click();
    await expect(input).toHaveValue('99');
    await expect(plus).toBeDisabled();
    await input.fill('100');
    await expect(input).toHaveValue('99');
    await input.fill('1');
    await minus.click();
    await expect(input).toHaveValue('0');
    await expect(minus).toBeDisabled();
    await input.fill('-3');
    await expect(input).toHaveValue('0');
    await expect(send).toBeDisabled();

    await plus.click();
    await plus.click();
    await page.getByRole('button', { name: `More ${secondLabel}` }).click();

    // A real dialog: focus moves in, Escape closes it, focus comes back.
    await send.click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.confirmRequestTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`2${firstLabel}`);
    await expect(dialog).toContainText(`1${secondLabel}`);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(send).toBeFocused();

    await send.click();
    await dialog.getByRole('button', { name: MESSAGES.confirmRequestYes }).click();
    await expect(page.getByText(MESSAGES.requestSent)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    const [sent] = await apiGet<ApiRequest[]>(
      page.request,
      shop,
      '/pack/container-requests/?status=PENDING&order=newest&limit=1',
    );
    expect(sent?.items).toEqual([
      { quantity: 2, container_type: firstKey, approved: null },
      { quantity: 1, container_type: secondKey, approved: null },
    ]);
    const id = (sent as ApiRequest).id;

    await page.goto('/requests?page=pending');
    const own = cards(page).first();
    await expect(own).toHaveAccessibleName(`Request ${id}`);
    await expect(own.getByText(MESSAGES.requestPendingLabel)).toBeVisible();
    await expect(own.getByRole('heading')).toHaveCount(0);
    // The shop decides nothing on its card; it may only cancel its own request (issue 31).
    await expect(own.getByRole('button')).toHaveCount(1);
    await expect(
      own.getByRole('button', { name: PAGE_MESSAGES.followUp.cancelRequest }),
    ).toBeVisible();

    const adminPage = await browser.newPage();
    await openAs(adminPage, 'admin', '/requests?page=main');
    const first = cards(adminPage).first();
    await expect(first).toHaveAccessibleName(`Request ${id} of Green Cafe`);
    await expect(first.getByRole('heading', { name: 'Green Cafe' })).toBeVisible();
    await expect(first.getByRole('button', { name: MESSAGES.requestAccept })).toBeEnabled();
    await expect(first.getByRole('button', { name: MESSAGES.requestDeny })).toBeEnabled();
    await adminPage.close();
  });

  test('approving moves the quantities from the provider to the shop; the badge counts down', async ({
    page,
  }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const admin = await openAs(page, 'admin', '/home');
    await ensureProviderStock(page.request, admin, 'cup', 3);
    await ensureProviderStock(page.request, admin, 'bowl', 1);
    const created = await createRequest(page.request, shop, [
      { container_type: 'cup', count: 3 },
      { container_type: 'bowl', count: 1 },
    ]);
    const providerBefore = (await apiGet<Stock>(page.request, admin, STOCK))
      .provider_stock_by_container_type as Record<string, number>;
    const shopBefore = (await apiGet<Stock>(page.request, shop, STOCK))
      .shop_packs_by_container_type;
    const pending = await pendingTotal(page.request, admin);

    await page.goto('/requests?page=pending');
    const group = page.getByRole('button', { name: new RegExp(MESSAGES.menuRequestsGroup) });
    await expect(group).toHaveAccessibleName(
      new RegExp(` ${pending.toLocaleString('en-US')} pending$`),
    );
    const dialog = await openApprove(page, created.id);
    await dialog.getByRole('button', { name: DECISION_MESSAGES.approveConfirm }).click();
    await expect(page.getByText(MESSAGES.requestApproved)).toBeVisible();
    await expect(card(page, created.id)).toHaveCount(0);
    await expect(group).toHaveAccessibleName(
      new RegExp(` ${(pending - 1).toLocaleString('en-US')} pending$`),
    );

    const providerAfter = (await apiGet<Stock>(page.request, admin, STOCK))
      .provider_stock_by_container_type as Record<string, number>;
    const shopAfter = (await apiGet<Stock>(page.request, shop, STOCK)).shop_packs_by_container_type;
    expect(providerAfter.cup).toBe((providerBefore.cup ?? 0) - 3);
    expect(providerAfter.bowl).toBe((providerBefore.bowl ?? 0) - 1);
    expect(shopAfter.cup).toBe((shopBefore.cup ?? 0) + 3);
    expect(shopAfter.bowl).toBe((shopBefore.bowl ?? 0) + 1);

    await tab(page, MESSAGES.requestTabAccepted).click();
    await expect(cards(page).first()).toHaveAccessibleName(`Request ${created.id} of Green Cafe`);
    await expect(cards(page).first().getByText(MESSAGES.requestAcceptedLabel)).toBeVisible();
  });

  test('a denied request shows in Denied with its date for both roles', async ({
    page,
    browser,
  }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const created = await createRequest(page.request, shop, [{ container_type: 'box', count: 4 }]);
    await openAs(page, 'admin', '/requests?page=pending');
    await card(page, created.id).getByRole('button', { name: MESSAGES.requestDeny }).click();
    const dialog = page.getByRole('dialog', { name: DECISION_MESSAGES.denyTitle });
    // The reason is required: Deny alone says so and sends nothing.
    await dialog.getByRole('button', { name: DECISION_MESSAGES.denyConfirm }).click();
    await expect(dialog.getByRole('alert')).toHaveText(DECISION_MESSAGES.reasonRequired);
    const reason = DECISION_MESSAGES.reasons[1];
    await dialog.getByRole('radio', { name: reason }).check();
    await dialog.getByRole('button', { name: DECISION_MESSAGES.denyConfirm }).click();
    await expect(page.getByText(MESSAGES.requestDenied)).toBeVisible();
    await expect(card(page, created.id)).toHaveCount(0);

    await page.goto('/requests?page=denied');
    const denied = cards(page).first();
    await expect(denied).toHaveAccessibleName(`Request ${created.id} of Green Cafe`);
    await expect(denied).toContainText(created.request_date.slice(0, 10));
    await expect(denied.getByRole('button', { name: MESSAGES.requestDeniedLabel })).toBeDisabled();

    const shopPage = await browser.newPage();
    await openAs(shopPage, 'shop', '/requests?page=denied');
    const own = cards(shopPage).first();
    await expect(own).toHaveAccessibleName(`Request ${created.id}`);
    await expect(own).toContainText(created.request_date.slice(0, 10));
    await expect(own.getByText(MESSAGES.requestDeniedLabel, { exact: true })).toBeVisible();
    // The shop reads why (issue 32), on its card and in its mail, once.
    await expect(own.getByText(reason)).toBeVisible();
    await shopPage.close();
    const about = async () =>
      (await mailsTo(DEMO.shop.email)).filter(
        (mail) => mail.subject === `Your container request #${created.id} was denied`,
      );
    await expect.poll(async () => (await about()).length).toBe(1);
    expect((await about())[0]?.text).toContain(`Reason: ${reason}`);
  });

  test("a shop never sees another shop's requests", async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const other = await apiLogin(page.request, DEMO.shop2.email, DEMO.shop2.password);
    const theirs = await createRequest(page.request, other, [{ container_type: 'cup', count: 1 }]);
    const mine = await createRequest(page.request, shop, [{ container_type: 'cup', count: 1 }]);
    await openAs(page, 'shop', '/requests?page=pending');
    await expect(card(page, mine.id)).toBeVisible();
    await expect(card(page, theirs.id)).toHaveCount(0);
    await expect(page.getByText('Eco Deli')).toHaveCount(0);
    for (const tab of ['accepted', 'denied']) {
      await page.goto(`/requests?page=${tab}`);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.getByText('Eco Deli')).toHaveCount(0);
    }
  });

  test('a double click on Accept sends one POST', async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const admin = await openAs(page, 'admin', '/home');
    await ensureProviderStock(page.request, admin, 'bottle', 1);
    const created = await createRequest(page.request, shop, [
      { container_type: 'bottle', count: 1 },
    ]);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/approve_or_deny')) posts.push(r.url());
    });
    await page.goto('/requests?page=pending');
    const dialog = await openApprove(page, created.id);
    await dialog.getByRole('button', { name: DECISION_MESSAGES.approveConfirm }).dblclick();
    await expect(page.getByText(MESSAGES.requestApproved)).toBeVisible();
    await expect(card(page, created.id)).toHaveCount(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain(`/containers/${created.id}/approve_or_deny`);
  });

  test('a reload that a live event caused leaves Accept and Deny usable', async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const first = await createRequest(page.request, shop, [{ container_type: 'cup', count: 1 }]);
    await openAs(page, 'admin', '/requests?page=pending');
    const list = page.getByRole('list', { name: 'Pending requests' });
    await expect(card(page, first.id)).toBeVisible();
    await expect(list).toHaveAttribute('aria-busy', 'false');
    // Hold the list's next reload, so the page sits in it while we look.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v0/pack/container-requests/?*', async (route) => {
      await held;
      await route.continue();
    });
    // Another shop's request reaches this page as a live event and reloads it.
    const other = await apiLogin(page.request, DEMO.shop2.email, DEMO.shop2.password);
    const second = await createRequest(page.request, other, [{ container_type: 'cup', count: 1 }]);
    await expect(list).toHaveAttribute('aria-busy', 'true');
    const accept = card(page, first.id).getByRole('button', { name: MESSAGES.requestAccept });
    await expect(accept).toBeEnabled();
    await expect(
      card(page, first.id).getByRole('button', { name: MESSAGES.requestDeny }),
    ).toBeEnabled();
    release();
    await expect(card(page, second.id)).toBeVisible();
    await openApprove(page, first.id);
  });

  test("approving beyond the provider's stock shows the API's reason", async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    const other = await apiLogin(page.request, DEMO.shop2.email, DEMO.shop2.password);
    const admin = await openAs(page, 'admin', '/home');
    // Hand bowls to the other shop until the provider has fewer than 99 left.
    for (;;) {
      const stock = await apiGet<Stock>(page.request, admin, STOCK);
      if ((stock.provider_stock_by_container_type?.bowl ?? 0) < 99) break;
      const drain = await createRequest(page.request, other, [
        { container_type: 'bowl', count: 99 },
      ]);
      await apiPost(page.request, admin, `/pack/containers/${drain.id}/approve_or_deny/`, {
        approved: true,
        reason: 'admin',
      });
    }
    const short = await createRequest(page.request, shop, [{ container_type: 'bowl', count: 99 }]);
    // The API's own words for this shortage (a refused approval changes nothing).
    const refused = await page.request.post(
      `/api/v0/pack/containers/${short.id}/approve_or_deny/`,
      {
        headers: authHeader(admin),
        data: { approved: true, reason: 'admin' },
      },
    );
    expect(refused.status()).toBe(409);
    const reason = ((await refused.json()) as { error: string }).error;

    await page.goto('/requests?page=pending');
    // The card marks the short line, and the dialog proposes what the
    // warehouse has; asking for all 99 anyway gets the API's refusal.
    await expect(card(page, short.id).getByText(DECISION_MESSAGES.cannotMeet)).toBeVisible();
    const dialog = await openApprove(page, short.id);
    const count = dialog.getByRole('spinbutton');
    expect(Number(await count.inputValue())).toBeLessThan(99);
    await count.fill('99');
    await dialog.getByRole('button', { name: DECISION_MESSAGES.approveConfirm }).click();
    await expect(page.getByText(`${MESSAGES.approveFailedPrefix}${reason}`)).toBeVisible();
    await dialog.getByRole('button', { name: DECISION_MESSAGES.back }).click();
    await expect(card(page, short.id)).toBeVisible();
    await apiPost(page.request, admin, `/pack/containers/${short.id}/approve_or_deny/`, {
      approved: false,
      reason: 'admin',
    });
  });

  test('a shop without requests reads the empty texts', async ({ page }) => {
    const email = uniqueEmail('requests-empty');
    const shopId = await registerShopViaApi(page.request, { name: 'Empty Requests Shop', email });
    const admin = await apiLogin(page.request, DEMO.admin.email, DEMO.admin.password);
    await apiPost(page.request, admin, '/shops/change-shop-status/', {
      shop: shopId,
      new_status: 'active',
    });
    await apiPost(page.request, admin, '/shops/change-password/', {
      shop: shopId,
      new_password: 'fresh-shop-1',
    });
    const login = await apiLogin(page.request, email, 'fresh-shop-1');
    await openWithLogin(page, login, '/requests?page=pending');
    await expect(page.getByText(MESSAGES.noPendingRequests)).toBeVisible();
    await tab(page, MESSAGES.requestTabAccepted).click();
    await expect(page.getByText(MESSAGES.noAcceptedRequests)).toBeVisible();
    await tab(page, MESSAGES.requestTabDenied).click();
    await expect(page.getByText(MESSAGES.noDeniedRequests)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('cards lay out in 1 column at 390 px and 4 at 1700 px', async ({ page }) => {
    const shop = await apiLogin(page.request, DEMO.shop.email, DEMO.shop.password);
    for (let i = 0; i < 4; i++)
      await createRequest(page.request, shop, [{ container_type: 'cup', count: 1 + i }]);
    const columns = () =>
      page
        .getByRole('list', { name: 'pending requests' })
        .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);

    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, 'admin', '/requests?page=pending');
    await expect(cards(page).nth(3)).toBeVisible();
    expect(await columns()).toBe(1);

    await page.setViewportSize({ width: 1700, height: 1000 });
    await expect.poll(columns).toBe(4);
    const tops = await cards(page).evaluateAll((items) =>
      items.slice(0, 4).map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
  });
});
