import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, notify, type Loan } from '@panel/shared';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { LoansPage } from '../components/loans-page';
import { ReturnsPage } from '../components/returns-page';

const weekly = {
  loans_by_weekday: {},
  type: { cup: 'Coffee cup', bowl: 'Bowl' },
  shop_pack: 0,
  loans_pack: 0,
  users: 0,
};

function loan(id: number, overrides: Partial<Loan> = {}): Loan {
  return {
    id,
    given_date: '2025-06-01',
    due_date: '2999-01-01',
    returned_date: null,
    client: `Client ${id}`,
    shop: { id: 7, name: 'Green Cafe' },
    containers: [
      {
        code: `C${id}a`,
        container_type: 'cup',
        guarantee_amount: 2.5,
        returned_at: null,
        lost_at: null,
      },
      {
        code: `C${id}b`,
        container_type: 'cup',
        guarantee_amount: 2.5,
        returned_at: null,
        lost_at: null,
      },
      {
        code: `C${id}c`,
        container_type: 'bowl',
        guarantee_amount: 4,
        returned_at: null,
        lost_at: null,
      },
    ],
    client_phone: null,
    client_email: null,
    held_amount: 9,
    reminders: 0,
    last_reminded_at: null,
    ...overrides,
  };
}

afterEach(() => jest.restoreAllMocks());

describe('LoansPage', () => {
  it('lists the loans with guarantee, containers and the right status icons', async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans': () =>
        jsonResponse(
          [loan(1, { due_date: '2000-01-01' }), loan(2, { due_date: null }), loan(3)],
          200,
          { 'X-Total-Count': '3' },
        ),
      '/pack/containers/loans_by_weekday': weekly,
      '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });

    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Date', 'Guarantee', 'Containers', 'Dead line', 'Status', 'Actions']);
    const [overdue, undated, onTime] = rows.slice(1) as HTMLElement[];
    expect(within(overdue!).getByRole('rowheader')).toHaveTextContent('Client 1');
    // In the configured currency (EUR by default), in the user's locale.
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    expect(within(overdue!).getByText(euros.format(9))).toBeInTheDocument();
    expect(within(overdue!).getByText('2× Coffee cup, 1× Bowl')).toBeInTheDocument();
    expect(within(overdue!).getByRole('img', { name: 'Overdue' })).toBeInTheDocument();
    expect(within(undated!).getByRole('img', { name: 'No deadline' })).toBeInTheDocument();
    expect(within(undated!).getByText('No deadline', { selector: 'td' })).toBeInTheDocument();
    expect(within(onTime!).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('1–3 of 3 loans')).toBeInTheDocument();
  });

  it('pages through a large list with limit and offset instead of loading it all', async () => {
    loginAs('shop');
    const fetchMock = mockApi({
      '/pack/containers/loans': (request: Request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        const limit = Number(new URL(request.url).searchParams.get('limit'));
        const rows = Array.from({ length: limit }, (_, i) => loan(50_000 - offset - i));
        return jsonResponse(rows, 200, { 'X-Total-Count': '50000' });
      },
      '/pack/containers/loans_by_weekday': weekly,
      '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });

    expect(await screen.findByText('1–25 of 50,000 loans')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Page 1 of 2,000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–50 of 50,000 loans')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Client 49975' })).toBeInTheDocument();

    const listUrls = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname.endsWith('/loans/'));
    expect(listUrls.map((url) => url.search)).toEqual([
      '?limit=25&offset=0',
      '?limit=25&offset=25',
    ]);
  });

  it("says 'nothing to show...' with a hint when there are no loans", async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
      '/pack/containers/loans_by_weekday': weekly,
      '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });
    expect(await screen.findByText(MESSAGES.nothingToShow)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('toasts the failure and offers Retry instead of spinning forever', async () => {
    loginAs('shop');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    let fail = true;
    mockApi({
      '/pack/containers/loans': () =>
        fail
          ? jsonResponse({ error: 'database is down' }, 500)
          : jsonResponse([loan(1)], 200, { 'X-Total-Count': '1' }),
      '/pack/containers/loans_by_weekday': weekly,
      '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });

    expect(await screen.findByRole('alert')).toHaveTextContent('database is down');
    expect(error).toHaveBeenCalledWith(`${MESSAGES.loadFailedPrefix}database is down`);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Client 1' })).toBeInTheDocument();
  });

  it('gives the provider the 404 page without calling the API', () => {
    loginAs('provider');
    const fetchMock = mockApi({});
    renderWithProviders(<LoansPage />, { route: '/loan' });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ReturnsPage', () => {
  it('always shows the returned icon and survives a shop without a name', async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/returns': () =>
        jsonResponse(
          [
            // Off the API's contract (client and shop name are never null): still drawn.
            {
              ...loan(4, { returned_date: '2025-06-05', due_date: '2000-01-01' }),
              client: null,
              shop: { id: 7, name: null },
            },
            loan(5, { returned_date: '2025-06-06', due_date: null }),
          ],
          200,
          { 'X-Total-Count': '2' },
        ),
      '/pack/containers/loans_by_weekday': weekly,
      '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    });
    renderWithProviders(<ReturnsPage />, { route: '/return' });

    expect(await screen.findByRole('rowheader', { name: '—' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Returned' })).toHaveLength(2);
    expect(screen.queryByRole('img', { name: 'Overdue' })).not.toBeInTheDocument();
  });

  it('gives the provider the 404 page', () => {
    loginAs('provider');
    mockApi({});
    renderWithProviders(<ReturnsPage />, { route: '/return' });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});
