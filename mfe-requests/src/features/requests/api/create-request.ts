import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface NewRequestItem {
  container_type: string;
  count: number;
}

export interface NewRequest {
  containers: NewRequestItem[];
  /**
   * One per Send, kept for every retry of that Send: the API answers a retry
   * with the first answer instead of making a second request (api/README.md).
   */
  idempotencyKey: string;
}

/**
 * The shop's new request (spec section 7). Invalidates 'Request' so the
 * Pending tab shows it at once.
 */
export const createRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createRequest: build.mutation<ContainerRequest, NewRequest>({
      query: ({ containers, idempotencyKey }) => ({
        url: '/pack/containers/request_container/',
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: { containers },
      }),
      invalidatesTags: ['Request'],
    }),
  }),
});

export const { useCreateRequestMutation } = createRequestApi;
