import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { sendList } from '../../lib/list-reply';
import { listLoans } from '../../repositories/loans';
import { ListOf, PageQuery, errors } from '../../schemas/common';
import { LoanSchema } from '../../schemas/loan';

/** The shop's open loans (/loans) and fully returned ones (/returns). */
const listLoansRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  for (const [url, returned] of [
    ['/pack/containers/loans', false],
    ['/pack/containers/returns', true],
  ] as const) {
    app.get(
      url,
      {
        config: { auth: 'shop' },
        schema: {
          tags: ['loans'],
          summary: returned
            ? "The shop's fully returned loans, newest return first"
            : "The shop's loans not yet fully returned, newest first",
          querystring: PageQuery,
          response: { 200: ListOf(LoanSchema), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const caller = shopCaller(request);
        const shop = { id: caller.shopId, name: caller.shopName };
        return sendList(
          reply,
          { db: deps.db, key: `loans:${shop.id}:${returned}` },
          request.query,
          (page) => listLoans(deps.db, shop, returned, page),
        );
      },
    );
  }
};

export default listLoansRoutes;
