import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { nowOf, type RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { counterWritesOf } from '../../db/counter-writer';
import { auditContextOf } from '../../lib/audit';
import { inIdempotentTransaction } from '../../lib/idempotency';
import { shopCaller } from '../../lib/auth';
import { normaliseEmail } from '../../lib/email';
import { errors } from '../../schemas/common';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../schemas/shop-form';
import { LendBody, LoanSchema, MAX_CODES_PER_CALL } from '../../schemas/loan';

/** The client's phone and e-mail as stored: trimmed, blank as none, each checked as at registration. */
function clientContact(phone?: string | null, email?: string | null) {
  const clientPhone = phone?.trim() || null;
  const clientEmail = email ? normaliseEmail(email) || null : null;
  if (clientPhone !== null && !PHONE_PATTERN.test(clientPhone))
    throw new ValidationError("The client's phone is not a phone number.");
  if (clientEmail !== null && !EMAIL_PATTERN.test(clientEmail))
    throw new ValidationError("The client's e-mail is not an e-mail address.");
  return { clientPhone, clientEmail };
}

const lend: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.post(
    '/pack/containers/lend',
    {
      config: { auth: 'shop', idempotent: 'in-transaction' },
      schema: {
        tags: ['loans'],
        summary:
          "Lend containers (by code) from the shop's stock to a client, with an optional due date",
        body: LendBody,
        response: { 201: LoanSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = shopCaller(request);
      const client = request.body.client.trim();
      if (!client) throw new ValidationError('The client may not be blank.');
      if (request.body.codes.length > MAX_CODES_PER_CALL)
        throw new ValidationError(
          `A loan takes at most ${MAX_CODES_PER_CALL} containers; this one has ${request.body.codes.length}.`,
        );
      const audit = auditContextOf(request, deps);
      const contact = clientContact(request.body.client_phone, request.body.client_email);
      const answer = await inIdempotentTransaction(deps.db, request, reply, 201, (key) =>
        counterWritesOf(deps.db).lend(
          audit,
          { id: caller.shopId, name: caller.shopName },
          { codes: request.body.codes, client, dueDate: request.body.due_date ?? null, ...contact },
          nowOf(deps),
          key,
        ),
      );
      // null: the first call's answer was sent again.
      if (answer === null) return reply;
      reply.status(201);
      return answer;
    },
  );
};

export default lend;
