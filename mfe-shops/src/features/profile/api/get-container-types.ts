import { type ContainerTypes, type TypesAndCountries } from '@panel/shared';
import { api } from '@panel/shared/data';

/** Container type key → label, for a minimum stock per type. */
export const profileTypesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getProfileContainerTypes: build.query<ContainerTypes, void>({
      query: () => '/pack/containers/types_and_countries',
      transformResponse: (body: TypesAndCountries) => body.types,
      providesTags: ['TypesAndCountries'],
    }),
  }),
});

export const { useGetProfileContainerTypesQuery } = profileTypesApi;
