import { type Shop } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface UpdateShopProfileArgs {
  id: number;
  /** Multipart: id, name, email, x_gis, y_gis and an optional logo (spec section 3). */
  form: FormData;
}

/**
 * Saves the shop's own profile. Invalidates 'ShopInfo' so the shell's
 * greeting and drawer show the new name at once, and 'Shop' for the lists
 * that show shops.
 */
export const shopProfileApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    updateShopProfile: build.mutation<Shop, UpdateShopProfileArgs>({
      query: ({ id, form }) => ({ url: `/shops/shop/${id}/`, method: 'PUT', body: form }),
      invalidatesTags: ['ShopInfo', 'Shop'],
    }),
  }),
});

export const { useUpdateShopProfileMutation } = shopProfileApi;
