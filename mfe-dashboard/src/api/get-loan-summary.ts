import type { LoanSummary } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

export type { LoanSummary };
/** Overdue loans by days past due: the summary's ageing buckets. */
export type AgeingBucket = keyof LoanSummary['ageing'];

/** The figures above the work-list: counts per filter, ageing and guarantee held. */
export const loanSummaryApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardLoanSummary: build.query<LoanSummary, void>({
      query: () => '/pack/containers/loans/summary',
      providesTags: ['Loan'],
    }),
  }),
});

export const { useGetDashboardLoanSummaryQuery } = loanSummaryApi;
