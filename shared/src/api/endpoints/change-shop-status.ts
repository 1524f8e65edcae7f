import { api } from '../base-api';
import type { ShopStatus } from '@panel/shared';

export interface ChangeShopStatusArgs {
  shop: number;
  new_status: ShopStatus;
  /** Why; the panel always sends one when it deactivates (issue 32). */
  reason?: string;
}

/** Activate/deactivate, used by the dashboard's New Shops panel and the shop list. */
export const shopStatusApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    changeShopStatus: build.mutation<{ message?: string }, ChangeShopStatusArgs>({
      query: (body) => ({ url: '/shops/change-shop-status/', method: 'POST', body }),
      invalidatesTags: ['Shop', 'AdminSummary'],
    }),
  }),
});

export const { useChangeShopStatusMutation } = shopStatusApi;
