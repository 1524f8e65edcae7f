import { type Loan } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface WriteOffArgs {
  id: number;
  codes: string[];
  reason: string;
}

/**
 * "Lost": writes containers of an open loan off. They leave stock, so the
 * dashboard's figures reload too.
 */
export const writeOffLostApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    writeOffDashboardLoan: build.mutation<Loan, WriteOffArgs>({
      query: ({ id, ...body }) => ({
        url: `/pack/containers/loans/${id}/lost`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Loan', 'Return', 'Stock', 'Weekly', 'AdminSummary'],
    }),
  }),
});

export const { useWriteOffDashboardLoanMutation } = writeOffLostApi;
