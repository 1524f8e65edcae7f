import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

/** How many of the shop's newest pending requests a check after an unanswered Send reads. */
const CHECKED = 10;

/**
 * The shop's newest pending requests, read when a Send got no answer: the
 * request may have been made all the same (new-request-form.tsx).
 */
export const findSentRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getNewestPendingRequests: build.query<ContainerRequest[], number | null>({
      query: (shopId) => ({
        url: '/pack/container-requests/',
        params: {
          status: 'PENDING',
          order: 'newest',
          limit: CHECKED,
          ...(shopId === null ? {} : { shop: shopId }),
        },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetNewestPendingRequestsQuery } = findSentRequestApi;
