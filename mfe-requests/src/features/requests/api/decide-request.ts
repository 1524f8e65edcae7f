import { type ContainerRequest } from '@panel/shared';
import { api } from '@panel/shared/data';

export interface DecideRequestArgs {
  id: number;
  approved: boolean;
  /** Approval only: how many per line, when fewer than asked (a partial approval). */
  quantities?: number[];
  /** Denial: why, in words for the shop. */
  explanation?: string;
}

/** The reason the spec sends with every decision made on this screen (section 4). */
const REASON = 'admin';

/**
 * Approve or deny a pending request (one API call for both). An approval
 * moves stock from the provider to the shop, so besides the lists it
 * invalidates the stock and dashboard figures of both roles.
 */
export const decideRequestApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    decideRequest: build.mutation<
      { message: string; request: ContainerRequest },
      DecideRequestArgs
    >({
      query: ({ id, approved, quantities, explanation }) => ({
        url: `/pack/containers/${id}/approve_or_deny/`,
        method: 'POST',
        body: { approved, reason: REASON, quantities, explanation },
      }),
      invalidatesTags: (_result, _error, { approved }) =>
        approved ? ['Request', 'Stock', 'AdminSummary', 'Weekly'] : ['Request'],
    }),
  }),
});

export const { useDecideRequestMutation } = decideRequestApi;
