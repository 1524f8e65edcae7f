import type { ShopFigures, ShopLeague } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

/** One shop's figures in the league table. */
export type LeagueShop = ShopFigures;
export type { ShopLeague };

/** The league table; a status change or a request decision reloads it. */
export const shopLeagueApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShopLeague: build.query<ShopLeague, void>({
      query: () => '/pack/shops/league',
      providesTags: ['Shop', 'Loan'],
    }),
  }),
});

export const { useGetShopLeagueQuery } = shopLeagueApi;
