import type { LoginResponse } from '@panel/shared';
import { api, whenStore } from '@panel/shared/data';

export interface LoginBody {
  email: string;
  password: string;
  /** Remember me: the API then signs a 7-day token instead of a 10-hour one. */
  remember_me: boolean;
}

const logInApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    authLogIn: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: '/shops/login/', method: 'POST', body }),
    }),
  }),
});

/**
 * Logs in through the API slice, on the shell's store. The login form is
 * drawn before the data layer has loaded, so it imports this module on its
 * first submit instead of holding a mutation hook.
 */
export async function logIn(body: LoginBody): Promise<LoginResponse> {
  const store = await whenStore();
  const call = store.dispatch(logInApi.endpoints.authLogIn.initiate(body));
  try {
    return await call.unwrap();
  } finally {
    call.reset();
  }
}
