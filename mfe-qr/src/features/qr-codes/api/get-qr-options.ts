import { type TypesAndCountries } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Countries and container types the QR generator offers (spec section 3, country options). */
export const qrOptionsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getQrOptions: build.query<TypesAndCountries, void>({
      query: () => '/pack/containers/types_and_countries',
      providesTags: ['TypesAndCountries'],
    }),
  }),
});

export const { useGetQrOptionsQuery } = qrOptionsApi;
