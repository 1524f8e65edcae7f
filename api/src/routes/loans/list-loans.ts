import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { Static } from 'typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { shopCaller } from '../../lib/auth';
import { sendList } from '../../lib/list-reply';
import { listLoanWorklist } from '../../repositories/loan-worklist';
import { listLoans } from '../../repositories/loans';
import { ListOf, PageQuery, errors } from '../../schemas/common';
import { LoanListQuery, LoanSchema } from '../../schemas/loan';

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
          querystring: returned ? PageQuery : LoanListQuery,
          response: { 200: ListOf(LoanSchema), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const caller = shopCaller(request);
        const shop = { id: caller.shopId, name: caller.shopName };
        const query = request.query as Static<typeof LoanListQuery>;
        if (!returned && (query.filter || query.search || query.sort || query.order)) {
          // The work-list: a filter, a search or a sort of the open loans.
          const worklist = {
            filter: query.filter ?? 'all',
            search: query.search ?? '',
            sort: query.sort ?? 'given',
            order:
              query.order ?? (query.sort === 'due' || query.sort === 'client' ? 'asc' : 'desc'),
          } as const;
          const key = `worklist:${shop.id}:${JSON.stringify(worklist)}`;
          return sendList(reply, { db: deps.db, key }, query, (page) =>
            listLoanWorklist(deps.db, shop, worklist, page, nowOf(deps)),
          );
        }
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
