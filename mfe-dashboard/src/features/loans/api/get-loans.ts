import { type Loan } from '@panel/shared';
import { api } from '@panel/shared/data';

import { toLoanPage, type LoanPage, type PageArgs } from './paged-loans';

/** One page of the shop's active loans, newest first. */
export const loansApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardLoans: build.query<LoanPage, PageArgs>({
      query: (page) => ({ url: '/pack/containers/loans/', params: page }),
      transformResponse: (items: Loan[], meta, page) => toLoanPage(items, meta, page),
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetDashboardLoansQuery } = loansApi;
