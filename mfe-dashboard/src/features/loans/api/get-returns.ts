import { type Loan } from '@panel/shared';
import { api, toPage, type Page, type PageArgs } from '@panel/shared/data';

/** One page of the shop's returned loans, newest first. */
export const returnsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardReturns: build.query<Page<Loan>, PageArgs>({
      query: (page) => ({ url: '/pack/containers/returns/', params: page }),
      transformResponse: (items: Loan[], meta, page) => toPage<Loan>(items, meta, page),
      providesTags: ['Return'],
    }),
  }),
});

export const { useGetDashboardReturnsQuery } = returnsApi;
