import { useCallback } from 'react';
import { api, useAppDispatch } from '@panel/shared/data';

import { type CodeCheck } from '../../../api/counter-types';

/**
 * What the counter may do with a scanned code, before anything changes: its
 * type and guarantee, and why it cannot be lent, if it cannot. Never cached:
 * a container lent a minute ago answers differently now.
 */
export const checkCodeApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    counterCheckCode: build.query<CodeCheck, string>({
      query: (code) => ({
        url: `/pack/containers/code/${encodeURIComponent(code)}`,
        params: { for: 'lend' },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/**
 * Checks one code, holding a subscription of its own until its answer is
 * read. RTK Query reads an answer back from the cache, and a lazy query hook
 * subscribes to its latest code only: a second scan ended the first one's
 * subscription, its entry was dropped (nothing is kept), and the first
 * answer read as undefined.
 */
export function useCheckCode(): (code: string) => Promise<CodeCheck> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (code: string) => {
      const request = dispatch(
        checkCodeApi.endpoints.counterCheckCode.initiate(code, { forceRefetch: true }),
      );
      try {
        return await request.unwrap();
      } finally {
        request.unsubscribe();
      }
    },
    [dispatch],
  );
}
