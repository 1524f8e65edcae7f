import { type StockSummary } from '@panel/shared';
import { api } from '@panel/shared/data';

/**
 * The provider's warehouse per type, for deciding with the stock in view
 * (issue 32): the stock summary the dashboard reads, whose
 * provider_stock_by_container_type only the super admin gets. Every
 * approval invalidates 'Stock', so the figures follow each decision.
 */
export const warehouseStockApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getWarehouseStock: build.query<Record<string, number>, void>({
      query: () => '/pack/containers/loans_and_packs_by_container_type/',
      transformResponse: (summary: StockSummary) => summary.provider_stock_by_container_type ?? {},
      providesTags: ['Stock'],
    }),
  }),
});

export const { useGetWarehouseStockQuery } = warehouseStockApi;
