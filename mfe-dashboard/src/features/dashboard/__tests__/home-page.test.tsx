import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, notify, type Shop } from '@panel/shared';
import { PAGE_MESSAGES, SHOP_ADMIN_MESSAGES } from '@panel/shared/page-ui';
import {
  jsonResponse,
  loginAs,
  mockApi,
  preferReducedMotion,
  renderRoutes,
  renderWithProviders,
} from '@panel/shared/testing';

import { HomePage } from '../components/home-page';

// jsdom has no canvas: the charts are replaced at the module edge by a list
// of what they were asked to draw, so the options the page computes are visible.
jest.mock('react-chartjs-2', () => {
  function FakeChart(kind: string) {
    return function Chart({
      data,
      options,
    }: {
      data: { labels: string[]; datasets: { data: number[]; barThickness?: number }[] };
      options: Record<string, unknown>;
    }) {
      return (
        <div
          data-testid={`chart-${kind}`}
          data-labels={data.labels.join(',')}
          data-values={data.datasets[0]?.data.join(',')}
          data-options={JSON.stringify(options)}
          data-bar-thickness={data.datasets[0]?.barThickness}
        />
      );
    };
  }
  return { Bar: FakeChart('bar'), Doughnut: FakeChart('doughnut') };
});

const weekly = {
  loans_by_weekday: {
    Monday: 3,
    Tuesday: 14,
    Wednesday: 0,
    Thursday: 1,
    Friday: 0,
    Saturday: 2,
    Sunday: 5,
  },
  type: { cup: 'Coffee cup', bowl: 'Bowl' },
  shop_pack: 40,
  loans_pack: 12,
  users: 9,
  total_loans: 1234,
};

const stock = {
  loans_by_container_type: { cup: 10, bowl: 2 },
  shop_packs_by_container_type: { cup: 30, bowl: 10 },
  provider_stock_by_container_type: { cup: 100, bowl: 0 },
};

function shop(id: number, status: Shop['status']): Shop {
  return {
    id,
    name: `Shop ${id}`,
    email: `shop${id}@example.com`,
    phone: '1',
    logo: null,
    created_date: '2025-06-01',
    status,
    x_gis: null,
    y_gis: null,
  };
}

function figure(label: string) {
  return screen.getByRole('group', { name: label });
}

const emptySummary = {
  open: 0,
  overdue: 0,
  due_soon: 0,
  no_due_date: 0,
  ageing: { '1-7': 0, '8-14': 0, '15-30': 0, '31+': 0 },
  held_open: 0,
  held_overdue: 0,
  lost: 0,
};

beforeEach(() => preferReducedMotion());
afterEach(() => jest.restoreAllMocks());

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

const leagueShop = (id: number, name: string, overdue: number, rate: number | null) => ({
  id,
  name,
  overdue,
  stock_held: 3,
  fell_due_4w: rate === null ? 0 : 10,
  return_rate_4w: rate,
});

const league = {
  as_of: '2026-01-01T00:00:00.000Z',
  most_overdue: [leagueShop(5, 'Late Shop', 9, null), leagueShop(6, 'Slow Shop', 2, 0.4)],
  lowest_return_rate: [leagueShop(6, 'Slow Shop', 2, 0.4)],
};

describe('provider dashboard', () => {
  function mockProvider(shops: Shop[]) {
    const changes: unknown[] = [];
    const fetchMock = mockApi({
      '/pack/containers/info_admin': {
        shops: 3,
        shops_waiting: 2,
        loans_pack: 5012,
        container_pack: 152,
      },
      '/pack/containers/loans_by_weekday': weekly,
      '/pack/containers/loans_and_packs_by_container_type': stock,
      '/shops/shop/last-two': () => jsonResponse(shops),
      '/pack/shops/league': league,
      '/shops/change-shop-status': async (request: Request) => {
        const body = (await request.json()) as { shop: number; new_status: Shop['status'] };
        changes.push(body);
        const target = shops.find((s) => s.id === body.shop);
        if (target) target.status = body.new_status;
        return jsonResponse({ message: 'ok' });
      },
    });
    return { changes, fetchMock };
  }

  it('shows the totals after the loading delay, then the charts', async () => {
    loginAs('provider');
    const { fetchMock } = mockProvider([shop(9, 'inactive'), shop(8, 'active')]);
    renderWithProviders(<HomePage />, { route: '/home' });

    expect(figure('Total Loans')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(figure('Total Loans')).toHaveTextContent('5,012'), {
      timeout: 3000,
    });
    expect(figure('Total Containers')).toHaveTextContent('152');
    expect(figure('Total Shops')).toHaveTextContent('3');
    expect(figure('Total Shops')).toHaveAccessibleDescription('2 waiting for activation');

    const weeklyCall = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .find((url) => url.pathname.includes('loans_by_weekday'));
    expect(weeklyCall?.searchParams.get('tz')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );

    const bar = screen.getByTestId('chart-bar');
    const labels = (bar.getAttribute('data-labels') ?? '').split(',');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(labels[0]).toBe(tomorrow.toLocaleDateString('en-US', { weekday: 'long' }).slice(0, 3));
    expect(labels).toHaveLength(7);
    expect(bar).toHaveAttribute('data-bar-thickness', '10');
    expect(JSON.parse(bar.getAttribute('data-options') ?? '{}').scales.y.max).toBe(20);
    expect(screen.getByRole('heading', { name: 'Loan' })).toBeInTheDocument();
    expect(screen.getByText('This Week')).toBeInTheDocument();

    const doughnut = screen.getByTestId('chart-doughnut');
    expect(JSON.parse(doughnut.getAttribute('data-options') ?? '{}').cutout).toBe('95%');
    // (30+10 at shops + 100 in the warehouse) of 152 containers.
    expect(
      screen.getByRole('img', {
        name: '92% of all containers are in stock: 100 in the warehouse, 40 in shops, 12 on loan',
      }),
    ).toBeInTheDocument();
    // The warehouse apart from the shops, in all and per type (issue 32).
    const all = screen.getByRole('list', { name: 'All containers' });
    expect(within(all).getByText('In warehouse').nextSibling).toHaveTextContent('100 containers');
    expect(within(all).getByText('In shops').nextSibling).toHaveTextContent('40 containers');
    const byType = screen.getByRole('list', { name: 'Containers by type' });
    expect(byType).toHaveTextContent('100 in warehouse · 30 in shops · 10 on loan');
  });

  it('ranks the shops to watch, each linking to its page', async () => {
    loginAs('provider');
    mockProvider([shop(8, 'active')]);
    renderWithProviders(<HomePage />, { route: '/home' });
    const overdue = await screen.findByRole('list', { name: SHOP_ADMIN_MESSAGES.leagueOverdue });
    expect(
      within(overdue)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Late Shop9 overdue', 'Slow Shop2 overdue']);
    expect(within(overdue).getByRole('link', { name: 'Late Shop' })).toHaveAttribute(
      'href',
      '/shop/5',
    );
    const rate = screen.getByRole('list', { name: SHOP_ADMIN_MESSAGES.leagueReturnRate });
    expect(within(rate).getByRole('listitem')).toHaveTextContent('Slow Shop40% of 10');
  });

  it('activates a shop from New Shops, says so, and reloads the list', async () => {
    loginAs('provider');
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const info = jest.spyOn(notify, 'info').mockImplementation(() => 0);
    const { changes } = mockProvider([shop(9, 'inactive'), shop(8, 'active')]);
    renderWithProviders(<HomePage />, { route: '/home' });

    const newest = await screen.findByRole('listitem', { name: 'Shop 9' });
    await userEvent.click(within(newest).getByRole('button', { name: 'Deactivate' }));
    expect(info).toHaveBeenCalledWith(MESSAGES.shopAlreadyInactive);
    expect(changes).toEqual([]);

    await userEvent.click(within(newest).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.shopActivated));
    expect(changes).toEqual([{ shop: 9, new_status: 'active' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Shop 9' })).getByText('active'),
      ).toBeInTheDocument(),
    );

    await userEvent.click(
      within(screen.getByRole('listitem', { name: 'Shop 8' })).getByRole('button', {
        name: 'Activate',
      }),
    );
    expect(info).toHaveBeenCalledWith(MESSAGES.shopAlreadyActive);
  });

  it('reports a failed status change with the server reason', async () => {
    loginAs('provider');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    mockProvider([shop(8, 'active')]);
    const fetchMock = globalThis.fetch as jest.Mock;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input: Request) =>
      input.url.includes('change-shop-status')
        ? jsonResponse({ error: 'shop is locked' }, 400)
        : answer(input),
    );
    renderWithProviders(<HomePage />, { route: '/home' });

    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Shop 8' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    // Deactivate asks for a reason first (issue 32).
    const dialog = screen.getByRole('dialog', {
      name: SHOP_ADMIN_MESSAGES.deactivateTitle('Shop 8'),
    });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: SHOP_ADMIN_MESSAGES.deactivateReasons[0] }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: SHOP_ADMIN_MESSAGES.deactivateConfirm }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(`${MESSAGES.shopDeactivationFailedPrefix}shop is locked`),
    );
    // The dialog stays open after a failure, so the super admin can try again or cancel.
    expect(dialog).toHaveAttribute('open');
  });

  it('toasts the weekly failure and shows Retry in place of the chart', async () => {
    loginAs('provider');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    mockApi({
      '/pack/containers/info_admin': {
        shops: 1,
        shops_waiting: 0,
        loans_pack: 1,
        container_pack: 1,
      },
      '/pack/containers/loans_by_weekday': () => jsonResponse({ error: 'weekly broke' }, 500),
      '/pack/containers/loans_and_packs_by_container_type': stock,
      '/shops/shop/last-two': () => jsonResponse({ error: 'nope' }, 500),
    });
    renderWithProviders(<HomePage />, { route: '/home' });

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(`${MESSAGES.weeklyLoanFailedPrefix}weekly broke`),
    );
    expect(error).toHaveBeenCalledWith(MESSAGES.failedLastShops);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(MESSAGES.failedWeeklyLoanData),
        expect.stringContaining(MESSAGES.failedLastShops),
      ]),
    );
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThanOrEqual(2);
  });
});

describe('shop dashboard', () => {
  it("shows the shop's four figures, stock per type and loans per type", async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans_by_weekday': weekly,
      '/pack/containers/loans_and_packs_by_container_type': stock,
    });
    renderWithProviders(<HomePage />, { route: '/home' });

    await waitFor(() => expect(figure('Total Loans')).toHaveTextContent('1,234'), {
      timeout: 3000,
    });
    expect(figure('Loans')).toHaveTextContent('12');
    // 40 in the shop + 12 out with clients.
    expect(figure('Containers')).toHaveTextContent('52');
    expect(figure('Clients')).toHaveTextContent('9');
    expect(screen.getByRole('img', { name: 'Coffee cup: 75% in stock' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bowl: 83% in stock' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Containers on loan by type: Coffee cup 10, Bowl 2' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Shops' })).not.toBeInTheDocument();
    expect(figure('Total Loans')).toHaveAccessibleDescription(MESSAGES.figureHints.shopTotalLoans);
    expect(figure('Loans')).toHaveAccessibleDescription(MESSAGES.figureHints.shopLoans);
    expect(figure('Containers')).toHaveAccessibleDescription(MESSAGES.figureHints.shopContainers);
    expect(figure('Clients')).toHaveAccessibleDescription(MESSAGES.figureHints.shopClients);
  });

  it('says "none yet" for a type the shop has none of, not 0 %', async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans_by_weekday': { ...weekly, type: { ...weekly.type, box: 'Box' } },
      '/pack/containers/loans_and_packs_by_container_type': stock,
    });
    renderWithProviders(<HomePage />, { route: '/home' });

    expect(
      await screen.findByRole('img', { name: `Box: ${MESSAGES.noneYet}` }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Box: 0% in stock' })).toBeNull();
  });

  it('shows the return rate over 4 and 12 weeks with its definition and trend', async () => {
    loginAs('shop');
    const weeks = Array.from({ length: 12 }, (_, i) => ({
      start: `2025-0${i < 9 ? 1 : 2}-${String((i % 9) + 1).padStart(2, '0')}`,
      end: '2025-03-01',
      fell_due: i === 0 ? 0 : 4,
      on_time: i === 0 ? 0 : 3,
      rate: i === 0 ? null : 0.75,
    }));
    mockApi({
      '/pack/containers/loans_by_weekday': weekly,
      '/pack/containers/loans_and_packs_by_container_type': stock,
      '/pack/containers/loans/summary': { ...emptySummary, open: 5 },
      '/pack/containers/return_rate': {
        weeks,
        last_4_weeks: { fell_due: 6, on_time: 5, rate: 5 / 6 },
        last_12_weeks: { fell_due: 44, on_time: 33, rate: 0.75 },
      },
    });
    renderWithProviders(<HomePage />, { route: '/home' });

    const panel = await screen.findByRole('region', { name: PAGE_MESSAGES.returnRate.title });
    expect(panel).toHaveTextContent(PAGE_MESSAGES.returnRate.definition);
    await waitFor(() => expect(panel).toHaveTextContent('83 %'), { timeout: 3000 });
    expect(within(panel).getByText('5 of 6')).toBeInTheDocument();
    expect(within(panel).getByText('75 %')).toBeInTheDocument();
    const trend = within(panel).getByRole('table');
    expect(within(trend).getAllByRole('row')).toHaveLength(13);
    expect(within(trend).getAllByRole('row')[1]).toHaveTextContent(
      PAGE_MESSAGES.returnRate.nothingFellDue,
    );
    expect(within(trend).getAllByRole('row')[2]).toHaveTextContent('75 % (3 of 4)');
    // Containers out now, on how many open loans: no contradiction with loans ever made.
    expect(figure('Loans')).toHaveAccessibleDescription(PAGE_MESSAGES.shopLoansOnOpen(5));
    expect(figure('Total Loans')).toHaveAccessibleDescription(MESSAGES.figureHints.shopTotalLoans);
  });

  describe('stock alert', () => {
    function mockShop(stockMinimums: Record<string, number>) {
      mockApi({
        '/pack/containers/loans_by_weekday': {
          ...weekly,
          type: { ...weekly.type, box: 'Box', lid: 'Lid' },
        },
        '/pack/containers/loans_and_packs_by_container_type': {
          ...stock,
          // 30 cups and 10 bowls in the shop, no box; lids only out on loan.
          loans_by_container_type: { ...stock.loans_by_container_type, lid: 50 },
        },
        '/shops/settings': { loan_days: 14, stock_minimums: stockMinimums },
      });
    }

    it('names each type below its minimum and links to a request for what is missing', async () => {
      loginAs('shop');
      // cup at its minimum (no alert), bowl 2 short, box none held, lid 150 short (99 at most).
      mockShop({ cup: 30, bowl: 12, box: 4, lid: 150 });
      renderRoutes({ '/home': <HomePage /> }, { route: '/home' });

      const alert = await screen.findByRole(
        'region',
        { name: PAGE_MESSAGES.stockAlert.title },
        { timeout: 3000 },
      );
      expect(within(alert).getByText(PAGE_MESSAGES.stockAlert.intro)).toBeInTheDocument();
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        PAGE_MESSAGES.stockAlert.line('Bowl', 10, 12),
        PAGE_MESSAGES.stockAlert.line('Box', 0, 4),
        PAGE_MESSAGES.stockAlert.line('Lid', 0, 150),
      ]);
      expect(alert).not.toHaveTextContent('Coffee cup');

      const link = within(alert).getByRole('link', { name: PAGE_MESSAGES.stockAlert.request });
      expect(link).toHaveAttribute('href', '/requests?page=main&bowl=2&box=4&lid=99');
      await userEvent.click(link);
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/requests?page=main&bowl=2&box=4&lid=99',
      );
    });

    it('says nothing when every type is at or above its minimum', async () => {
      loginAs('shop');
      mockShop({ cup: 30, bowl: 0 });
      renderWithProviders(<HomePage />, { route: '/home' });

      await waitFor(() => expect(figure('Total Loans')).toHaveTextContent('1,234'), {
        timeout: 3000,
      });
      expect(screen.queryByRole('region', { name: PAGE_MESSAGES.stockAlert.title })).toBeNull();
    });
  });
});
