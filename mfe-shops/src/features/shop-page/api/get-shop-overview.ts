import type { ContainerRequest, Shop } from '@panel/shared';
import { api } from '@panel/shared/data';

interface RateWindow {
  fell_due: number;
  on_time: number;
  rate: number | null;
}

/** GET /pack/shops/{id}/overview (api/src/schemas/shop-overview.ts). */
export interface ShopOverview {
  shop: Shop;
  types: Record<string, string>;
  stock: {
    in_stock: Record<string, number>;
    on_loan: Record<string, number>;
    lost: Record<string, number>;
  };
  loans: {
    open: number;
    overdue: number;
    due_soon: number;
    no_due_date: number;
    ageing: { '1-7': number; '8-14': number; '15-30': number; '31+': number };
    held_open: number;
    held_overdue: number;
    lost: number;
  };
  return_rate: { last_4_weeks: RateWindow; last_12_weeks: RateWindow };
  requests: ContainerRequest[];
  requests_total: number;
  status_history: Array<{ status: Shop['status']; reason: string | null; changed_at: string }>;
}

/**
 * The super admin's page of one shop, in one call. Provides 'Shop', so a
 * status change elsewhere reloads it; requests and loans change it too.
 */
export const shopOverviewApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopOverview: build.query<ShopOverview, number>({
      query: (id) => `/pack/shops/${id}/overview`,
      providesTags: ['Shop', 'Request', 'Loan'],
    }),
  }),
});

export const { useGetShopOverviewQuery } = shopOverviewApi;
