import { api } from '@panel/shared/data';

/** One shop's figures for the list's columns (api/src/schemas/shop-overview.ts). */
export interface ShopFigures {
  id: number;
  name: string;
  overdue: number;
  stock_held: number;
  fell_due_4w: number;
  return_rate_4w: number | null;
}

/**
 * Every shop's overdue loans, stock held and 4-week return rate, in one call
 * beside the list itself; a status change reloads both ('Shop').
 */
export const shopFiguresApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopFigures: build.query<{ as_of: string; shops: ShopFigures[] }, void>({
      query: () => '/pack/shops/figures',
      providesTags: ['Shop'],
    }),
  }),
});

export const { useGetShopFiguresQuery } = shopFiguresApi;
