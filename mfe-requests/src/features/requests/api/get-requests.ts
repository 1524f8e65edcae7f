import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { type ContainerRequest, LIMITS, type RequestStatus } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface RequestListArgs {
  status: RequestStatus;
  /** The shop's own id (spec section 7: the shop user sends ?shop=); null for the super admin. */
  shopId: number | null;
}

export interface RequestPage {
  items: ContainerRequest[];
  /** Requests of the whole tab, from X-Total-Count. */
  total: number;
}

function totalFrom(meta: unknown, seen: number): number {
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? NaN : Number(header);
  return Number.isFinite(total) ? total : seen;
}

/**
 * One tab's requests, newest first, a page at a time ("Load more" asks for
 * the next offset). The API sorts and pages, so a tab with 10,000 requests
 * still sends and renders only one page at first. Provides 'Request', so a
 * decision or a new request reloads every loaded page.
 */
export const requestsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getRequests: build.infiniteQuery<RequestPage, RequestListArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, allPages, lastOffset) => {
          const next = lastOffset + lastPage.items.length;
          return lastPage.items.length > 0 && next < lastPage.total ? next : undefined;
        },
      },
      query: ({ queryArg: { status, shopId }, pageParam }) => ({
        url: '/pack/container-requests/',
        params: {
          status,
          order: 'newest',
          limit: LIMITS.requestPageSize,
          offset: pageParam,
          ...(shopId === null ? {} : { shop: shopId }),
        },
      }),
      transformResponse: (items: ContainerRequest[], meta) => ({
        items,
        total: totalFrom(meta, items.length),
      }),
      providesTags: ['Request'],
    }),
  }),
});

export const { useGetRequestsInfiniteQuery } = requestsApi;
