import { api } from '@panel/shared/data';

/** One shop's figures in the league table (api/src/schemas/shop-overview.ts). */
export interface LeagueShop {
  id: number;
  name: string;
  overdue: number;
  stock_held: number;
  fell_due_4w: number;
  return_rate_4w: number | null;
}

export interface ShopLeague {
  as_of: string;
  most_overdue: LeagueShop[];
  lowest_return_rate: LeagueShop[];
}

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
