import { type WeeklyLoans } from '@panel/shared';
import { api } from '@panel/shared/data';

import { panelTimeZone } from '../utils/time-zone';

/**
 * Loans per weekday of the last seven days, plus the shop's figures and the
 * container type labels (spec section 3, Weekly loans). Used by both
 * dashboards and, for the type labels, by the stock page. `tz` makes the API
 * count the days in the panel's time zone, the one the chart labels them in.
 */
export const weeklyLoansApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardWeeklyLoans: build.query<WeeklyLoans, void>({
      query: () => ({
        url: '/pack/containers/loans_by_weekday/',
        params: { tz: panelTimeZone() },
      }),
      providesTags: ['Weekly'],
    }),
  }),
});

export const { useGetDashboardWeeklyLoansQuery } = weeklyLoansApi;
