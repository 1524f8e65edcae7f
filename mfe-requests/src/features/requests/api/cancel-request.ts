import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

/**
 * The shop withdraws its own pending request (issue 31). The lists reload
 * ('Request'): it leaves Pending and joins Cancelled.
 */
export const cancelRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    cancelRequest: build.mutation<{ message: string; request: ContainerRequest }, number>({
      query: (id) => ({ url: `/pack/container-requests/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Request'],
    }),
  }),
});

export const { useCancelRequestMutation } = cancelRequestApi;
