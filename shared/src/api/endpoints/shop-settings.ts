import type { ShopSettings } from '../../types';
import { api } from '../base-api';

export type { ShopSettings };

/**
 * Read by the counter's lend form (mfe-counter), the dashboard's stock alert
 * (mfe-dashboard) and set on the profile page (mfe-shops): three remotes, so
 * the endpoints live here. A PUT changes the fields sent; stock_minimums
 * replaces the whole set (0 or left out: no minimum).
 */
export const shopSettingsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopSettings: build.query<ShopSettings, void>({
      query: () => '/shops/settings',
      providesTags: ['ShopSettings'],
    }),
    updateShopSettings: build.mutation<ShopSettings, Partial<ShopSettings>>({
      query: (body) => ({ url: '/shops/settings/', method: 'PUT', body }),
      invalidatesTags: ['ShopSettings'],
    }),
  }),
});

export const { useGetShopSettingsQuery, useUpdateShopSettingsMutation } = shopSettingsApi;
