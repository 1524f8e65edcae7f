import { api } from '@panel/shared/data';

export interface ChangeShopPasswordArgs {
  shop: number;
  new_password: string;
}

/** The super admin sets a shop's password (spec section 7); nothing the lists show changes. */
export const shopPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    changeShopPassword: build.mutation<{ message: string }, ChangeShopPasswordArgs>({
      query: (body) => ({ url: '/shops/change-password/', method: 'POST', body }),
    }),
  }),
});

export const { useChangeShopPasswordMutation } = shopPasswordApi;
