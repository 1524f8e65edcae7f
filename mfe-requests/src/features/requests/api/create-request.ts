import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface NewRequestItem {
  container_type: string;
  count: number;
}

/**
 * The shop's new request (spec section 7). Invalidates 'Request' so the
 * Pending tab shows it at once.
 */
export const createRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createRequest: build.mutation<ContainerRequest, NewRequestItem[]>({
      query: (containers) => ({
        url: '/pack/containers/request_container/',
        method: 'POST',
        body: { containers },
      }),
      invalidatesTags: ['Request'],
    }),
  }),
});

export const { useCreateRequestMutation } = createRequestApi;
