import { api } from '@panel/shared/data';

export interface SetPasswordBody {
  token: string;
  password: string;
}

const setPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authSetPassword: build.mutation<{ message?: string }, SetPasswordBody>({
      query: (body) => ({ url: '/shops/set-password/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthSetPasswordMutation } = setPasswordApi;
