import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { MailFailedError } from '../../errors';
import { shopCaller } from '../../lib/auth';
import { reminderMail } from '../../lib/mail-texts';
import { recordReminder, undoReminder } from '../../repositories/loan-worklist';
import { Id, errors } from '../../schemas/common';
import { LoanSchema } from '../../schemas/loan';

/**
 * "Send reminder": e-mails an overdue loan's client, at most once a day per
 * loan. The reminder is recorded first (which makes parallel calls one) and
 * taken back if the mail cannot be sent.
 */
const remindClient: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/loans/:id/remind',
    {
      config: { auth: 'shop', idempotent: true },
      schema: {
        tags: ['loans'],
        summary: "E-mails an overdue loan's client a reminder (one a day per loan)",
        params: Type.Object({ id: Id }),
        response: { 200: LoanSchema, ...errors(400, 401, 403, 404, 409, 424) },
      },
    },
    async (request) => {
      const caller = shopCaller(request);
      const shop = { id: caller.shopId, name: caller.shopName };
      const { loan, previous } = await recordReminder(
        deps.db,
        shop,
        request.params.id,
        nowOf(deps),
      );
      try {
        await deps.mailer.send(reminderMail(loan, caller.shop));
      } catch (error) {
        await undoReminder(deps.db, loan.id, previous);
        request.log.error(error);
        throw new MailFailedError('The reminder could not be sent; try again later.');
      }
      return loan;
    },
  );
};

export default remindClient;
