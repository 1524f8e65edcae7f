import { api } from '../base-api';
import type { Shop } from '@panel/shared';

/**
 * The logged account's own record (spec: first item of the array). Used by
 * the shell's greeting and the profile screen, so it lives here.
 */
export const shopInfoApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopInfo: build.query<Shop, void>({
      query: () => '/shops/shop/info/',
      transformResponse: (rows: Shop[]) => rows[0] as Shop,
      providesTags: ['ShopInfo'],
    }),
  }),
});

export const { useGetShopInfoQuery } = shopInfoApi;
