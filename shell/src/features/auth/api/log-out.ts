import { api } from '@panel/shared/data';

const logOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ends the given token on the server; other logins of the account stay. */
    authLogOut: build.mutation<{ message: string }, string>({
      query: (token) => ({
        url: '/shops/logout/',
        method: 'POST',
        headers: { Authorization: `JWT ${token}` },
        // Sent even when the page moves on or closes right after.
        keepalive: true,
      }),
    }),
  }),
});

export const { authLogOut } = logOutApi.endpoints;
