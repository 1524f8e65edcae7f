import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { loanSummary } from '../../repositories/loan-worklist';
import { returnRate } from '../../repositories/return-rate';
import { errors } from '../../schemas/common';
import { LoanSummarySchema, ReturnRateSchema } from '../../schemas/loan';

/** The figures above the shop's loan list, and its return rate for the dashboard. */
const loanFigures: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/pack/containers/loans/summary',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          "The shop's open loans by due state, overdue ones by days past due, and the guarantee they hold",
        response: { 200: LoanSummarySchema, ...errors(401, 403) },
      },
    },
    async (request) => loanSummary(deps.db, shopCaller(request).shopId, nowOf(deps)),
  );

  app.get(
    '/pack/containers/return_rate',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          'Containers back by their due date, as a share of those that fell due: the last 4 and 12 weeks, week by week',
        response: { 200: ReturnRateSchema, ...errors(401, 403) },
      },
    },
    async (request) => returnRate(deps.db, shopCaller(request).shopId, nowOf(deps)),
  );
};

export default loanFigures;
