import { api } from '@panel/shared/data';

export interface RegisterReply {
  message?: string;
}

const registerShopApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    // Multipart: fetchBaseQuery sends a FormData body as-is and lets the browser set the boundary.
    authRegisterShop: build.mutation<RegisterReply, FormData>({
      query: (body) => ({ url: '/shops/register/', method: 'POST', body }),
    }),
  }),
});

export const { useAuthRegisterShopMutation } = registerShopApi;
