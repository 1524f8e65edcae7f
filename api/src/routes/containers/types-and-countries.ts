import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { countryMap, typeLabels } from '../../repositories/reference';
import { errors } from '../../schemas/common';
import { TypesAndCountriesSchema } from '../../schemas/dashboard';

const typesAndCountries: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/containers/types_and_countries',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['containers'],
        summary: 'Container types (key → label) and countries (keyed by name)',
        response: { 200: TypesAndCountriesSchema, ...errors(401, 403) },
      },
    },
    async () => {
      const [types, countries] = await Promise.all([typeLabels(deps.db), countryMap(deps.db)]);
      return { types, countries };
    },
  );
};

export default typesAndCountries;
