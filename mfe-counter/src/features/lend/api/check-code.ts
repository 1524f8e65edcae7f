import { api } from '@panel/shared/data';

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

export const { useLazyCounterCheckCodeQuery } = checkCodeApi;
