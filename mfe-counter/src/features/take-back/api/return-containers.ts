import { api } from '@panel/shared/data';

import { type ReturnReply } from '../../../api/counter-types';

export interface ReturnArgs {
  codes: string[];
  /** The same for every try of one take-back: a retry replays the first answer. */
  idempotencyKey: string;
}

/**
 * Takes containers back. Invalidates the loans and returns lists and the
 * dashboard's figures, which it changes.
 */
export const returnContainersApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    counterReturn: build.mutation<ReturnReply, ReturnArgs>({
      query: ({ codes, idempotencyKey }) => ({
        url: '/pack/containers/return',
        method: 'POST',
        body: { codes },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Loan', 'Return', 'Stock', 'Weekly', 'AdminSummary'],
    }),
  }),
});

export const { useCounterReturnMutation } = returnContainersApi;
