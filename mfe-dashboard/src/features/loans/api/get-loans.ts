import { type Loan } from '@panel/shared';
import { api } from '@panel/shared/data';

import type { ListParams } from '../utils/worklist-query';
import { toLoanPage, type LoanPage, type PageArgs } from './paged-loans';

export type LoanListArgs = PageArgs & ListParams;

/** One page of the shop's open loans: newest first, or as the work-list filters and sorts them. */
export const loansApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardLoans: build.query<LoanPage, LoanListArgs>({
      query: (args) => ({ url: '/pack/containers/loans/', params: args }),
      transformResponse: (items: Loan[], meta, args) => toLoanPage(items, meta, args),
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetDashboardLoansQuery } = loansApi;
