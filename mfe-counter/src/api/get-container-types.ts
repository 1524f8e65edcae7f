import { type ContainerTypes, type TypesAndCountries } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Container type key → label, for the rows of both counter pages. */
export const counterTypesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getCounterContainerTypes: build.query<ContainerTypes, void>({
      query: () => '/pack/containers/types_and_countries',
      transformResponse: (body: TypesAndCountries) => body.types,
      providesTags: ['TypesAndCountries'],
    }),
  }),
});

export const { useGetCounterContainerTypesQuery } = counterTypesApi;
