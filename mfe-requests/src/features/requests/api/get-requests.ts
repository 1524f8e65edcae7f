import { type ContainerRequest, type RequestStatus } from '@panel/shared';
import { api, PAGE_SIZES, toPage, type Page } from '@panel/shared/data';

export interface RequestListArgs {
  status: RequestStatus;
  /** The shop's own id (spec section 7: the shop user sends ?shop=); null for the super admin. */
  shopId: number | null;
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
    getRequests: build.infiniteQuery<Page<ContainerRequest>, RequestListArgs, number>({
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
          limit: PAGE_SIZES.requests,
          offset: pageParam,
          ...(shopId === null ? {} : { shop: shopId }),
        },
      }),
      transformResponse: (items: ContainerRequest[], meta, { pageParam }) =>
        toPage(items, meta, { limit: PAGE_SIZES.requests, offset: pageParam }),
      providesTags: ['Request'],
    }),
  }),
});

export const { useGetRequestsInfiniteQuery } = requestsApi;
