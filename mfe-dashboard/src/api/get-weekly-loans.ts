import { api, type WeeklyLoans } from '@panel/shared';

/**
 * Loans per weekday of the last seven days, plus the shop's figures and the
 * container type labels (spec section 3, Weekly loans). Used by both
 * dashboards and, for the type labels, by the stock page.
 */
export const weeklyLoansApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardWeeklyLoans: build.query<WeeklyLoans, void>({
      query: () => '/pack/containers/loans_by_weekday/',
      providesTags: ['Weekly'],
    }),
  }),
});

export const { useGetDashboardWeeklyLoansQuery } = weeklyLoansApi;
