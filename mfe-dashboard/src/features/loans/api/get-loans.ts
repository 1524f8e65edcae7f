import { type Loan } from '@panel/shared';
import { api, toPage, type Page, type PageArgs } from '@panel/shared/data';

import type { ListParams } from '../utils/worklist-query';

export type LoanListArgs = PageArgs & ListParams;

/** One page of the shop's open loans: newest first, or as the work-list filters and sorts them. */
export const loansApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardLoans: build.query<Page<Loan>, LoanListArgs>({
      query: (args) => ({ url: '/pack/containers/loans/', params: args }),
      transformResponse: (items: Loan[], meta, args) => toPage<Loan>(items, meta, args),
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetDashboardLoansQuery } = loansApi;
