import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { scopeOf } from '../../lib/auth';
import { isTimeZone } from '../../lib/time-zones';
import { adminSummary, stockSummary, weeklyLoans } from '../../repositories/containers';
import { errors } from '../../schemas/common';
import {
  AdminSummarySchema,
  StockSummarySchema,
  WeeklyLoansQuery,
  WeeklyLoansSchema,
} from '../../schemas/dashboard';

/** The figures of both dashboards, read from the kept counters (repositories/figures.ts). */
const dashboard: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/pack/containers/info_admin',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Active shops, shops waiting for activation, loans ever made and containers that exist (super admin)',
        response: { 200: AdminSummarySchema, ...errors(401, 403) },
      },
    },
    async () => adminSummary(db),
  );

  app.get(
    '/pack/containers/loans_by_weekday',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['dashboard'],
        summary:
          "Loans of the last 7 days by weekday, plus stock, loans out, clients and total loans (a shop's own; all shops for the super admin)",
        querystring: WeeklyLoansQuery,
        response: { 200: WeeklyLoansSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const timeZone = request.query.tz ?? 'UTC';
      if (!isTimeZone(timeZone)) throw new ValidationError(`Unknown time zone: ${timeZone}`);
      return weeklyLoans(db, scopeOf(request), nowOf(deps), timeZone);
    },
  );

  app.get(
    '/pack/containers/loans_and_packs_by_container_type',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Containers on loan and in stock per type (super admin: all shops, plus the provider stock)',
        response: { 200: StockSummarySchema, ...errors(401, 403) },
      },
    },
    async (request) => stockSummary(db, scopeOf(request)),
  );
};

export default dashboard;
