import type { ShopOverview } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

/** GET /pack/shops/{id}/overview: one definition, in the contract. */
export type { ShopOverview };

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
