import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface MarkRequestArgs {
  id: number;
  /** 'sent' by the super admin, 'received' by the shop: once each. */
  step: 'sent' | 'received';
}

/** An approved request's life past approval (issue 32); no stock moves, only the lists reload. */
export const markRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    markRequest: build.mutation<{ message: string; request: ContainerRequest }, MarkRequestArgs>({
      query: ({ id, step }) => ({ url: `/pack/container-requests/${id}/${step}`, method: 'POST' }),
      invalidatesTags: ['Request'],
    }),
  }),
});

export const { useMarkRequestMutation } = markRequestApi;
