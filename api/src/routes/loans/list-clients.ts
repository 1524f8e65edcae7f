import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { suggestClients } from '../../repositories/counter';
import { errors } from '../../schemas/common';
import { ClientsQuery, ClientsReply } from '../../schemas/loan';

/** The shop's earlier clients, suggested on the lend form. */
const listClientsRoute: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/containers/clients',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary: "Up to 10 of the shop's earlier clients whose name contains the search",
        querystring: ClientsQuery,
        response: { 200: ClientsReply, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      clients: await suggestClients(
        deps.db,
        shopCaller(request).shopId,
        request.query.search ?? '',
      ),
    }),
  );
};

export default listClientsRoute;
