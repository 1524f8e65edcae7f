import type { ReturnRate } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

export type { ReturnRate };
/** Containers that fell due in a window, those back by their due date, and the share (null: none fell due). */
export type RateWindow = ReturnRate['last_4_weeks'];

/** The shop's return rate: containers back by their due date, of those that fell due. */
export const returnRateApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardReturnRate: build.query<ReturnRate, void>({
      query: () => '/pack/containers/return_rate',
      // A loan, a return or a write-off moves it.
      providesTags: ['Loan', 'Return'],
    }),
  }),
});

export const { useGetDashboardReturnRateQuery } = returnRateApi;
