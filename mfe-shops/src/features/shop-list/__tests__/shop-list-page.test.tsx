import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELAYS_MS, LIMITS, MESSAGES, notify, type Shop } from '@panel/shared';
import { SHOP_ADMIN_MESSAGES as TEXT } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import ShopListPage from '../../../exposed/shop-list-page';
import { EMPTY_PASSWORD } from '../components/password-form';

function shop(id: number, status: Shop['status']): Shop {
  return {
    id,
    name: `Shop ${id}`,
    email: `shop${id}@example.com`,
    phone: `+44 20 0000 00${id}`,
    logo: null,
    created_date: `2025-06-0${id}T09:00:00.000Z`,
    status,
    x_gis: null,
    y_gis: null,
  };
}

async function openList(routes: Record<string, unknown>) {
  loginAs('provider');
  const fetchMock = mockApi(routes);
  renderWithProviders(<ShopListPage />);
  const table = await screen.findByRole(
    'table',
    { name: 'Shops' },
    { timeout: DELAYS_MS.shopListExtraWait + 2000 },
  );
  return { fetchMock, table };
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

// Every test sits through the spec's one-second wait, on a machine shared by many runs.
jest.setTimeout(20_000);

// jsdom has <dialog> but not its modal methods; these do what the browser does for the tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => jest.restoreAllMocks());

describe('the shop list', () => {
  it('waits the extra second with a skeleton, then shows the columns newest id first', async () => {
    loginAs('provider');
    mockApi({ '/shops/shop': [shop(2, 'active'), shop(3, 'inactive'), shop(1, 'active')] });
    const started = Date.now();
    renderWithProviders(<ShopListPage />);
    expect(screen.getByLabelText('Loading shops')).toHaveAttribute('aria-busy', 'true');
    const table = await screen.findByRole('table', { name: 'Shops' }, { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAYS_MS.shopListExtraWait - 20);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual([
      'Name',
      'Join Date',
      'Email',
      'ID',
      'Phone Number',
      TEXT.columnReturnRate,
      TEXT.columnOverdue,
      TEXT.columnStock,
      'Password',
      'Location',
      'Actions',
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Shop 3', 'Shop 2', 'Shop 1']);
  });

  it('refuses to activate an active shop with the spec text, and sends nothing', async () => {
    const info = jest.spyOn(notify, 'info');
    const { fetchMock } = await openList({ '/shops/shop': [shop(1, 'active')] });
    await userEvent.click(within(row('Shop 1')).getByRole('button', { name: /^Activate/ }));
    expect(info).toHaveBeenCalledWith(MESSAGES.shopAlreadyActive);
    expect(fetchMock.mock.calls.map(([r]) => (r as Request).url)).not.toContainEqual(
      expect.stringContaining('change-shop-status'),
    );
  });

  it('deactivates with a reason once confirmed, says so and reloads the list', async () => {
    const success = jest.spyOn(notify, 'success');
    let status: Shop['status'] = 'active';
    const { fetchMock } = await openList({
      '/shops/shop': () => jsonResponse([shop(1, status)]),
      '/shops/change-shop-status': async (request: Request) => {
        expect(await request.json()).toEqual({
          shop: 1,
          new_status: 'inactive',
          reason: TEXT.deactivateReasons[1],
        });
        status = 'inactive';
        return jsonResponse({ message: 'Shop deactivated.' });
      },
    });
    await userEvent.click(within(row('Shop 1')).getByRole('button', { name: /^Deactivate/ }));
    const dialog = screen.getByRole('dialog', { name: TEXT.deactivateTitle('Shop 1') });
    await userEvent.click(within(dialog).getByRole('radio', { name: TEXT.deactivateReasons[1] }));
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.deactivateConfirm }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.shopDeactivated));
    await waitFor(() => expect(within(row('Shop 1')).getByText('inactive')).toBeInTheDocument());
    const listCalls = fetchMock.mock.calls.filter(([r]) =>
      /\/shops\/shop\/?$/.test(new URL((r as Request).url).pathname),
    );
    expect(listCalls).toHaveLength(2);
  });

  it('sends nothing when the deactivation is cancelled', async () => {
    const { fetchMock } = await openList({ '/shops/shop': [shop(1, 'active')] });
    await userEvent.click(within(row('Shop 1')).getByRole('button', { name: /^Deactivate/ }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateCancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.map(([r]) => (r as Request).url)).not.toContainEqual(
      expect.stringContaining('change-shop-status'),
    );
  });

  it("shows each shop's figures, sorts by them, and links the name to the shop's page", async () => {
    const figures = (id: number, overdue: number, stock: number, rate: number | null) => ({
      id,
      name: `Shop ${id}`,
      overdue,
      stock_held: stock,
      fell_due_4w: rate === null ? 0 : 10,
      return_rate_4w: rate,
    });
    await openList({
      '/shops/shop': [shop(3, 'active'), shop(2, 'active'), shop(1, 'active')],
      '/pack/shops/figures': {
        as_of: '2026-01-01T00:00:00.000Z',
        shops: [figures(3, 0, 5, null), figures(2, 4, 1, 0.5), figures(1, 9, 12, 0.75)],
      },
    });
    await waitFor(() => expect(within(row('Shop 2')).getByText('50%')).toBeInTheDocument());
    const names = () => screen.getAllByRole('rowheader').map((th) => th.textContent);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(TEXT.columnOverdue) }));
    expect(names()).toEqual(['Shop 1', 'Shop 2', 'Shop 3']);
    await userEvent.click(screen.getByRole('button', { name: /Return rate/ }));
    // Lowest first; a shop with nothing fallen due comes last.
    expect(names()).toEqual(['Shop 2', 'Shop 1', 'Shop 3']);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(TEXT.columnStock) }));
    expect(names()).toEqual(['Shop 1', 'Shop 3', 'Shop 2']);
    expect(screen.getByRole('link', { name: 'Shop 2' })).toHaveAttribute('href', '/shop/2');
  });

  it('refuses a second change while the first is in flight', async () => {
    const info = jest.spyOn(notify, 'info');
    let finish: (response: Response) => void = () => undefined;
    await openList({
      '/shops/shop': [shop(1, 'inactive')],
      '/shops/change-shop-status': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    const activate = within(row('Shop 1')).getByRole('button', { name: /^Activate/ });
    await userEvent.click(activate);
    await userEvent.click(activate);
    expect(info).toHaveBeenCalledWith(MESSAGES.shopAlreadyActive);
    finish(jsonResponse({ message: 'Shop activated.' }));
  });

  it("shows the server's reason when activation fails", async () => {
    const error = jest.spyOn(notify, 'error');
    await openList({
      '/shops/shop': [shop(1, 'inactive')],
      '/shops/change-shop-status': () => jsonResponse({ error: 'Shop is already active.' }, 409),
    });
    await userEvent.click(within(row('Shop 1')).getByRole('button', { name: /^Activate/ }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        `${MESSAGES.shopActivationFailedPrefix}Shop is already active.`,
      ),
    );
  });

  it('refuses an empty password before sending, sends a trimmed one and shows the reply', async () => {
    const success = jest.spyOn(notify, 'success');
    const bodies: unknown[] = [];
    await openList({
      '/shops/shop': [shop(1, 'active')],
      '/shops/change-password': async (request: Request) => {
        bodies.push(await request.json());
        return jsonResponse({ message: 'Password changed successfully.' });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change password of Shop 1' }));
    const field = screen.getByLabelText('New password for Shop 1');
    await userEvent.type(field, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_PASSWORD);
    expect(bodies).toEqual([]);
    await userEvent.type(field, ' new-secret-1 ');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Password changed successfully.'));
    expect(bodies).toEqual([{ shop: 1, new_password: 'new-secret-1' }]);
    expect(screen.queryByLabelText('New password for Shop 1')).not.toBeInTheDocument();
  });

  it('says the minimum up front and refuses a short or unconfirmed password before sending', async () => {
    const bodies: unknown[] = [];
    await openList({
      '/shops/shop': [shop(1, 'active')],
      '/shops/change-password': async (request: Request) => {
        bodies.push(await request.json());
        return jsonResponse({ message: 'Password changed successfully.' });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change password of Shop 1' }));
    const field = screen.getByLabelText('New password for Shop 1');
    expect(field).toHaveAccessibleDescription(MESSAGES.passwordHint(LIMITS.passwordMinLength));
    expect(field).toHaveAttribute('maxLength', String(LIMITS.passwordMaxLength));
    await userEvent.type(field, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      MESSAGES.passwordTooShort(LIMITS.passwordMinLength),
    );
    await userEvent.type(field, '-but-long');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'short-but-lonk');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordsDontMatch);
    expect(bodies).toEqual([]);
  });

  it('Cancel closes the password form', async () => {
    await openList({ '/shops/shop': [shop(1, 'active')] });
    await userEvent.click(screen.getByRole('button', { name: 'Change password of Shop 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New password for Shop 1')).not.toBeInTheDocument();
  });

  it('says when a shop has no location, and the dialog closes on Escape and on the cover', async () => {
    await openList({ '/shops/shop': [shop(1, 'active')] });
    const opener = screen.getByRole('button', { name: 'Show location of Shop 1' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Location of Shop 1' });
    expect(dialog).toHaveTextContent('Shop 1 has not set its location yet.');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    await userEvent.click(screen.getByTestId('dialog-cover'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('searches by name, e-mail or phone and pages large lists', async () => {
    const many = Array.from({ length: 60 }, (_, i) => shop(i + 1, 'active'));
    await openList({ '/shops/shop': many });
    expect(screen.getByText('1–25 of 60 shops')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('Shop 35');
    await userEvent.type(screen.getByLabelText('Search shops'), 'shop42@');
    await waitFor(() => expect(screen.getByText('1–1 of 1 shops')).toBeInTheDocument());
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Shop 42']);
  });

  it('sorts by a column when its heading is clicked', async () => {
    await openList({ '/shops/shop': [shop(1, 'active'), shop(2, 'active'), shop(3, 'active')] });
    await userEvent.click(screen.getByRole('button', { name: /^ID/ }));
    expect(screen.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getAllByRole('rowheader').map((th) => th.textContent)).toEqual([
      'Shop 1',
      'Shop 2',
      'Shop 3',
    ]);
  });
});
