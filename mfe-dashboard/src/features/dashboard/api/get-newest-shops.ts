import { type Shop } from '@panel/shared';
import { api } from '@panel/shared/data';

/**
 * The two newest shops for the New Shops panel. Provides 'Shop' so that a
 * status change (which invalidates 'Shop') reloads the panel, as the spec asks.
 */
export const newestShopsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardNewestShops: build.query<Shop[], void>({
      query: () => '/shops/shop/last-two',
      providesTags: ['Shop'],
    }),
  }),
});

export const { useGetDashboardNewestShopsQuery } = newestShopsApi;
