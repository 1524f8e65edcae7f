import { api } from '@panel/shared/data';

/** The shop's earlier clients matching what is typed (up to 10), to suggest in the Client field. */
export const clientsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    counterClients: build.query<string[], string>({
      query: (search) => ({ url: '/pack/containers/clients', params: { search } }),
      transformResponse: (body: { clients: string[] }) => body.clients,
      providesTags: ['Loan'],
    }),
  }),
});

export const { useCounterClientsQuery } = clientsApi;
