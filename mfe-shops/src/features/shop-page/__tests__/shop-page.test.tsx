import { screen, within } from '@testing-library/react';
import { PATHS } from '@panel/shared';
import { SHOP_ADMIN_MESSAGES as TEXT } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderRoutes } from '@panel/shared/testing';

import ShopPage from '../../../exposed/shop-page';
import type { ShopOverview } from '../api/get-shop-overview';

// Leaflet needs a real browser; the map's place is checked in the browser tests.
jest.mock('../../../components/map/lazy-map', () => ({
  LazyMap: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => jest.restoreAllMocks());

const overview: ShopOverview = {
  shop: {
    id: 4,
    name: 'Green Cup',
    email: 'green@shop.test',
    phone: '+33 1 00',
    logo: null,
    created_date: '2025-03-01T09:00:00.000Z',
    status: 'inactive',
    x_gis: 48.85,
    y_gis: 2.35,
  },
  types: { bowl: 'Bowl', cup: 'Coffee cup' },
  stock: { in_stock: { bowl: 2, cup: 7 }, on_loan: { bowl: 0, cup: 5 }, lost: { bowl: 0, cup: 3 } },
  loans: {
    open: 6,
    overdue: 4,
    due_soon: 1,
    no_due_date: 0,
    ageing: { '1-7': 1, '8-14': 0, '15-30': 2, '31+': 1 },
    held_open: 12,
    held_overdue: 8,
    lost: 3,
  },
  return_rate: {
    weeks: [],
    last_4_weeks: { fell_due: 8, on_time: 6, rate: 0.75 },
    last_12_weeks: { fell_due: 0, on_time: 0, rate: null },
  },
  requests: [
    {
      id: 12,
      status: 'DENIED',
      request_date: '2026-01-02T10:00:00.000Z',
      shop: { id: 4, name: 'Green Cup' },
      items: [{ container_type: 'cup', quantity: 5, approved: 0 }],
      decided_at: '2026-01-03T10:00:00.000Z',
      explanation: 'Stock is low this week',
      sent_at: null,
      received_at: null,
    },
  ],
  requests_total: 1,
  status_history: [
    { status: 'inactive', reason: 'Unpaid invoices', changed_at: '2026-01-05T10:00:00.000Z' },
    { status: 'active', reason: null, changed_at: '2025-03-02T10:00:00.000Z' },
  ],
};

const open = (route: string) => renderRoutes({ [PATHS.shopPage]: <ShopPage /> }, { route });

describe('the shop page', () => {
  it('shows the profile, stock, loans, return rate, requests, lost and history', async () => {
    loginAs('provider');
    mockApi({ '/pack/shops/4/overview': overview });
    open('/shop/4');
    expect(await screen.findByRole('heading', { name: 'Green Cup', level: 1 })).toBeVisible();
    expect(screen.getByRole('img', { name: "Map of Green Cup's location" })).toBeInTheDocument();
    const stock = screen.getByRole('region', { name: TEXT.stockTitle });
    expect(within(stock).getByRole('row', { name: 'Coffee cup 7 5 3' })).toBeInTheDocument();
    const loans = screen.getByRole('region', { name: TEXT.loansTitle });
    expect(within(loans).getByText(TEXT.overdueLoans).nextSibling).toHaveTextContent('4');
    expect(within(loans).getByText('15-30 days').nextSibling).toHaveTextContent('2');
    const rate = screen.getByRole('region', { name: TEXT.returnRateTitle });
    expect(within(rate).getByText(TEXT.last4Weeks).nextSibling).toHaveTextContent(
      `75%${TEXT.rateDetail(6, 8)}`,
    );
    expect(within(rate).getByText(TEXT.last12Weeks).nextSibling).toHaveTextContent(
      `–${TEXT.noneFellDue}`,
    );
    const request = screen.getByRole('listitem', { name: 'Request 12' });
    expect(request).toHaveTextContent('DENIED');
    expect(request).toHaveTextContent(`${TEXT.explanation}: Stock is low this week`);
    const lost = screen.getByRole('region', { name: TEXT.lostTitle });
    expect(within(lost).getByText('Coffee cup').nextSibling).toHaveTextContent('3');
    const history = screen.getByRole('list', { name: TEXT.historyTitle });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Unpaid invoices');
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(TEXT.noReason);
  });

  it("says '404 not found' for a shop the API does not know", async () => {
    loginAs('provider');
    mockApi({ '/pack/shops/99/overview': () => jsonResponse({ error: 'Shop not found.' }, 404) });
    open('/shop/99');
    expect(await screen.findByText(TEXT.failed)).toBeVisible();
    expect(screen.getByText('Shop not found.')).toBeVisible();
  });

  it('draws the 404 page for an address that is no id, without a call', async () => {
    loginAs('provider');
    const fetchMock = mockApi({});
    open('/shop/abc');
    expect(await screen.findByRole('heading', { name: '404' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
