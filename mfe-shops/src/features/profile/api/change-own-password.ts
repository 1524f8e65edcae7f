import { api } from '@panel/shared/data';

export interface ChangeOwnPasswordArgs {
  current_password: string;
  new_password: string;
}

/**
 * The shop's own password change (POST /shops/change-own-password). The API
 * ends every other session and answers this one's new token, which the form
 * stores with replaceToken.
 */
export const changeOwnPasswordApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    changeOwnPassword: build.mutation<{ message: string; access: string }, ChangeOwnPasswordArgs>({
      query: (body) => ({ url: '/shops/change-own-password/', method: 'POST', body }),
    }),
  }),
});

export const { useChangeOwnPasswordMutation } = changeOwnPasswordApi;
