import { type StockSummary } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Containers on loan and in stock, per container type (spec section 3, Stock summary). */
export const stockByTypeApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardStockByType: build.query<StockSummary, void>({
      query: () => '/pack/containers/loans_and_packs_by_container_type/',
      providesTags: ['Stock'],
    }),
  }),
});

export const { useGetDashboardStockByTypeQuery } = stockByTypeApi;
