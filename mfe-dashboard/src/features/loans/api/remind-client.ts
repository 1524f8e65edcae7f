import { type Loan } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface RemindArgs {
  id: number;
  /** The same for every try of one click: a retry replays the first answer. */
  idempotencyKey: string;
}

/** "Send reminder": e-mails an overdue loan's client (once a day per loan; 409 says so). */
export const remindClientApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    remindDashboardLoanClient: build.mutation<Loan, RemindArgs>({
      query: ({ id, idempotencyKey }) => ({
        url: `/pack/containers/loans/${id}/remind`,
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Loan'],
    }),
  }),
});

export const { useRemindDashboardLoanClientMutation } = remindClientApi;
