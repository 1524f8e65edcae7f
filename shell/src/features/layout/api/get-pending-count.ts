import { api, totalCountOf } from '@panel/shared/data';

/**
 * How many requests wait for the super admin, for the side menu's badge: one
 * row is asked for and X-Total-Count read, so the count costs one indexed
 * query. Provides 'Request', so a decision (which invalidates it) refreshes it.
 */
export const pendingCountApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShellPendingCount: build.query<number, void>({
      query: () => ({
        url: '/pack/container-requests/',
        params: { status: 'PENDING', limit: 1 },
      }),
      transformResponse: (_rows: unknown, meta) => totalCountOf(meta) ?? 0,
      providesTags: ['Request'],
    }),
  }),
});

export const { useGetShellPendingCountQuery } = pendingCountApi;
