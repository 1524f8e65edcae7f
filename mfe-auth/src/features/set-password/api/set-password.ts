import type { Static } from 'typebox';

import type { SetPasswordBody } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

const setPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authSetPassword: build.mutation<{ message?: string }, Static<typeof SetPasswordBody>>({
      query: (body) => ({ url: '/shops/set-password/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthSetPasswordMutation } = setPasswordApi;
