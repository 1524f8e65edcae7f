import { type Loan } from '@panel/shared';
import { api } from '@panel/shared/data';

import { toLoanPage, type LoanPage, type PageArgs } from './paged-loans';

/** One page of the shop's returned loans, newest first. */
export const returnsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardReturns: build.query<LoanPage, PageArgs>({
      query: (page) => ({ url: '/pack/containers/returns/', params: page }),
      transformResponse: (items: Loan[], meta, page) => toLoanPage(items, meta, page),
      providesTags: ['Return'],
    }),
  }),
});

export const { useGetDashboardReturnsQuery } = returnsApi;
