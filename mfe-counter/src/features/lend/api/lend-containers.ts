import { api } from '@panel/shared/data';

import { type LentLoan } from '../../../api/counter-types';

export interface LendArgs {
  codes: string[];
  client: string;
  due_date: string | null;
  /** The client's contact, both optional; reminders go to the e-mail. */
  client_phone?: string | null;
  client_email?: string | null;
  /** The same for every try of one loan: a retry replays the first answer. */
  idempotencyKey: string;
}

/**
 * Lends the listed containers to a client in one call. Invalidates the
 * loans list and the dashboard's figures, which it changes.
 */
export const lendContainersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    counterLend: build.mutation<LentLoan, LendArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/pack/containers/lend',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Loan', 'Stock', 'Weekly', 'AdminSummary'],
    }),
  }),
});

export const { useCounterLendMutation } = lendContainersApi;
