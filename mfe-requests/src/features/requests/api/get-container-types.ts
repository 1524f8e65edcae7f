import { type ContainerTypes, type TypesAndCountries } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Container type key → label, for the pickers and the item lines of the cards. */
export const containerTypesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getRequestContainerTypes: build.query<ContainerTypes, void>({
      query: () => '/pack/containers/types_and_countries',
      transformResponse: (body: TypesAndCountries) => body.types,
      providesTags: ['TypesAndCountries'],
    }),
  }),
});

export const { useGetRequestContainerTypesQuery } = containerTypesApi;
