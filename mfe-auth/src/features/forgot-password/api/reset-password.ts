import { api } from '@panel/shared/data';

export interface ResetPasswordBody {
  email: string;
  reset_code: string;
  new_password: string;
}

const resetPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authResetPassword: build.mutation<{ message?: string }, ResetPasswordBody>({
      query: (body) => ({ url: '/shops/reset-password/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthResetPasswordMutation } = resetPasswordApi;
