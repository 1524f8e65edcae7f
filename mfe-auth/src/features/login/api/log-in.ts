import { api, type LoginResponse } from '@panel/shared';

export interface LoginBody {
  email: string;
  password: string;
}

const logInApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authLogIn: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/shops/login/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthLogInMutation } = logInApi;
