import { api } from '@panel/shared/data';

/** Containers that fell due in a window, those back by their due date, and the share (null: none fell due). */
export interface RateWindow {
  fell_due: number;
  on_time: number;
  rate: number | null;
}

export interface ReturnRate {
  /** The last 12 weeks, oldest first. */
  weeks: Array<RateWindow & { start: string; end: string }>;
  last_4_weeks: RateWindow;
  last_12_weeks: RateWindow;
}

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
