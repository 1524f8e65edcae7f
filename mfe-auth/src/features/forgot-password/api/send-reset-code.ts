import { api } from '@panel/shared/data';

const sendResetCodeApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authSendResetCode: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/shops/forget-password/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthSendResetCodeMutation } = sendResetCodeApi;
