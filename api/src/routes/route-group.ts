import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../deps';

/**
 * One plugin registering several route plugins. Each child gets the route
 * options only: passing the group's own options on would hand it the
 * group's `prefix` a second time.
 */
export function routeGroup(
  plugins: Array<FastifyPluginAsyncTypebox<RouteOptions>>,
): FastifyPluginAsyncTypebox<RouteOptions> {
  return async (app, { deps, rateLimits, remoteLoadsLimit }) => {
    for (const plugin of plugins)
      await app.register(plugin, { deps, rateLimits, remoteLoadsLimit });
  };
}
