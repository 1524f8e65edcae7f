import type { Static } from 'typebox';

import type { ResetPasswordBody } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

const resetPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authResetPassword: build.mutation<{ message?: string }, Static<typeof ResetPasswordBody>>({
      query: (body) => ({ url: '/shops/reset-password/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthResetPasswordMutation } = resetPasswordApi;
