import { api } from '@panel/shared/data';

/** Puts containers just taken back on their loans again (the API allows it for 60 s). */
export const undoReturnApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    counterUndoReturn: build.mutation<{ restored: string[] }, string[]>({
      query: (codes) => ({ url: '/pack/containers/return/undo', method: 'POST', body: { codes } }),
      invalidatesTags: ['Loan', 'Return', 'Stock', 'Weekly', 'AdminSummary'],
    }),
  }),
});

export const { useCounterUndoReturnMutation } = undoReturnApi;
