import type { ShopFigures, ShopFiguresList } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

/** One shop's figures for the list's columns: one definition, in the contract. */
export type { ShopFigures };

/**
 * Every shop's overdue loans, stock held and 4-week return rate, in one call
 * beside the list itself; a status change reloads both ('Shop').
 */
export const shopFiguresApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopFigures: build.query<ShopFiguresList, void>({
      query: () => '/pack/shops/figures',
      providesTags: ['Shop'],
    }),
  }),
});

export const { useGetShopFiguresQuery } = shopFiguresApi;
