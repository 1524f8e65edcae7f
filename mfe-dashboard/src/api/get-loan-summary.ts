import { api } from '@panel/shared/data';

export type AgeingBucket = '1-7' | '8-14' | '15-30' | '31+';

export interface LoanSummary {
  open: number;
  overdue: number;
  due_soon: number;
  no_due_date: number;
  /** Overdue loans by days past due. */
  ageing: Record<AgeingBucket, number>;
  /** Guarantee still held, in the panel's currency. */
  held_open: number;
  held_overdue: number;
  /** Containers written off as lost, ever. */
  lost: number;
}

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
