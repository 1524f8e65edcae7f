import { type AdminSummary } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Provider totals: shops, loans ever and containers that exist (spec section 3, Admin summary). */
export const adminSummaryApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardAdminSummary: build.query<AdminSummary, void>({
      query: () => '/pack/containers/info_admin/',
      providesTags: ['AdminSummary'],
    }),
  }),
});

export const { useGetDashboardAdminSummaryQuery } = adminSummaryApi;
