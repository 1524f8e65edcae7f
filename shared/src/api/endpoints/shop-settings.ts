import { api } from '../base-api';

/** The shop's own counter settings (API: GET/PUT /shops/settings). */
export interface ShopSettings {
  /** Days ahead the lend form proposes as the due date (1 to 365). */
  loan_days: number;
}

/**
 * Read by the counter's lend form (mfe-counter) and set on the profile page
 * (mfe-shops): two remotes, so the endpoints live here.
 */
export const shopSettingsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopSettings: build.query<ShopSettings, void>({
      query: () => '/shops/settings',
      providesTags: ['ShopSettings'],
    }),
    updateShopSettings: build.mutation<ShopSettings, ShopSettings>({
      query: (body) => ({ url: '/shops/settings/', method: 'PUT', body }),
      invalidatesTags: ['ShopSettings'],
    }),
  }),
});

export const { useGetShopSettingsQuery, useUpdateShopSettingsMutation } = shopSettingsApi;
