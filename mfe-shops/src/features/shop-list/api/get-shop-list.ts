import { type Shop } from '@panel/shared';
import { api } from '@panel/shared/data';

/**
 * Every shop, newest id first (the API's order). Provides 'Shop', which a
 * status change invalidates, so the list reloads after Activate/Deactivate.
 */
export const shopListApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopList: build.query<Shop[], void>({
      query: () => '/shops/shop/',
      providesTags: ['Shop'],
    }),
  }),
});

export const { useGetShopListQuery } = shopListApi;
