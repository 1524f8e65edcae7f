import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../../../deps';
import { callerOf, shopCaller } from '../../../../lib/auth';
import { ForbiddenError, ValidationError } from '../../../../errors';
import { sendList } from '../../../../lib/list-reply';
import { isTimeZone } from '../../../../lib/time-zones';
import {
  WEEKDAYS,
  adminSummary,
  dashboardTotals,
  loansByWeekday,
  providerStockByType,
  stockAndLoansByType,
} from '../../../../repositories/containers';
import { lendContainers, listLoans, returnContainers } from '../../../../repositories/loans';
import { createQrBatch } from '../../../../repositories/qr-batches';
import {
  countryExists,
  countryMap,
  typeKeys,
  typeLabels,
} from '../../../../repositories/reference';
import { createRequest, decideRequest } from '../../../../repositories/requests';
import {
  codesSchema,
  countByTypeSchema,
  errors,
  idParams,
  loanSchema,
  pageQuery,
  requestSchema,
  totalCountHeader,
  typesSchema,
} from '../../../schemas';

const MAX_CODES_PER_CALL = 10_000;

export default async function containerRoutes(
  app: FastifyInstance,
  { deps }: { deps: AppDeps },
): Promise<void> {
  const { db } = deps;
  const now = () => (deps.now ? deps.now() : new Date());
  const scopeOf = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    return { shopId: caller.kind === 'shop' ? caller.shopId : null };
  };

  app.get(
    '/types_and_countries',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['containers'],
        summary: 'Container types (key → label) and countries (keyed by name)',
        response: {
          200: {
            type: 'object',
            properties: {
              types: typesSchema,
              countries: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['types', 'countries'],
          },
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const [types, countries] = await Promise.all([typeLabels(db), countryMap(db)]);
      return { types, countries };
    },
  );

  app.get(
    '/info_admin',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['dashboard'],
        summary: 'Shops, loans ever made and containers that exist (super admin)',
        response: {
          200: {
            type: 'object',
            properties: {
              shops: { type: 'integer' },
              loans_pack: { type: 'integer' },
              container_pack: { type: 'integer' },
            },
            required: ['shops', 'loans_pack', 'container_pack'],
          },
          ...errors(401, 403),
        },
      },
    },
    async () => adminSummary(db),
  );

  app.get<{ Querystring: { tz?: string } }>(
    '/loans_by_weekday',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['dashboard'],
        summary:
          "Loans of the last 7 days by weekday, plus stock, loans out, clients and total loans (a shop's own; all shops for the super admin)",
        querystring: {
          type: 'object',
          properties: {
            tz: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              pattern: '^[A-Za-z][A-Za-z0-9_+\\-/]*$',
              description:
                'IANA time zone whose local days the weekly figures count (e.g. Europe/Paris); default UTC.',
            },
          },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              loans_by_weekday: {
                type: 'object',
                properties: Object.fromEntries(WEEKDAYS.map((d) => [d, { type: 'integer' }])),
                required: [...WEEKDAYS],
              },
              type: typesSchema,
              shop_pack: { type: 'integer', description: 'Containers in stock (not on loan)' },
              loans_pack: { type: 'integer', description: 'Containers out on loan' },
              users: { type: 'integer', description: 'Distinct clients who ever borrowed' },
              total_loans: { type: 'integer', description: 'Loans ever made' },
            },
            required: [
              'loans_by_weekday',
              'type',
              'shop_pack',
              'loans_pack',
              'users',
              'total_loans',
            ],
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const timeZone = request.query.tz ?? 'UTC';
      if (!isTimeZone(timeZone)) throw new ValidationError(`Unknown time zone: ${timeZone}`);
      const [byDay, type, totals] = await Promise.all([
        loansByWeekday(db, scope, now(), timeZone),
        typeLabels(db),
        dashboardTotals(db, scope),
      ]);
      return {
        loans_by_weekday: byDay,
        type,
        shop_pack: totals.shopPack,
        loans_pack: totals.loansPack,
        users: totals.users,
        total_loans: totals.totalLoans,
      };
    },
  );

  app.get(
    '/loans_and_packs_by_container_type',
    {
      config: { auth: 'any' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Containers on loan and in stock per type (super admin: all shops, plus the provider stock)',
        response: {
          200: {
            type: 'object',
            properties: {
              loans_by_container_type: countByTypeSchema,
              shop_packs_by_container_type: countByTypeSchema,
              provider_stock_by_container_type: countByTypeSchema,
            },
            required: ['loans_by_container_type', 'shop_packs_by_container_type'],
          },
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { inStock, onLoan } = await stockAndLoansByType(db, scope);
      const result: Record<string, Record<string, number>> = {
        loans_by_container_type: onLoan,
        shop_packs_by_container_type: inStock,
      };
      if (scope.shopId === null)
        result.provider_stock_by_container_type = await providerStockByType(db);
      return result;
    },
  );

  for (const [url, returned] of [
    ['/loans', false],
    ['/returns', true],
  ] as const) {
    app.get<{ Querystring: { limit?: number; offset?: number } }>(
      url,
      {
        config: { auth: 'shop' },
        schema: {
          tags: ['loans'],
          summary: returned
            ? "The shop's fully returned loans, newest return first"
            : "The shop's loans not yet fully returned, newest first",
          querystring: pageQuery,
          response: {
            200: { type: 'array', items: loanSchema, headers: totalCountHeader },
            ...errors(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const caller = shopCaller(request);
        const shop = { id: caller.shopId, name: caller.shopName };
        return sendList(reply, request.query, (page) => listLoans(db, shop, returned, page));
      },
    );
  }

  app.post<{ Body: { codes: string[]; client: string; due_date?: string | null } }>(
    '/lend',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          "Lend containers (by code) from the shop's stock to a client, with an optional due date",
        body: {
          type: 'object',
          properties: {
            codes: codesSchema,
            client: { type: 'string', minLength: 1, maxLength: 200 },
            due_date: { type: ['string', 'null'], format: 'date' },
          },
          required: ['codes', 'client'],
        },
        response: { 201: loanSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = shopCaller(request);
      const client = request.body.client.trim();
      if (!client) throw new ValidationError('The client may not be blank.');
      const loan = await lendContainers(
        db,
        { id: caller.shopId, name: caller.shopName },
        { codes: request.body.codes, client, dueDate: request.body.due_date ?? null },
        now(),
      );
      reply.status(201);
      return loan;
    },
  );

  app.post<{ Body: { codes: string[] } }>(
    '/return',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['loans'],
        summary:
          'Take containers back (by code); any shop may accept, the containers join its stock',
        body: { type: 'object', properties: { codes: codesSchema }, required: ['codes'] },
        response: {
          200: {
            type: 'object',
            properties: {
              returned: { type: 'array', items: { type: 'string' } },
              completed_loans: { type: 'array', items: { type: 'integer' } },
            },
            required: ['returned', 'completed_loans'],
          },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      returnContainers(db, { id: shopCaller(request).shopId }, request.body.codes, now()),
  );

  app.post<{ Body: { containers: Array<{ container_type: string; count: number }> } }>(
    '/request_container',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['requests'],
        summary: 'Ask the provider for containers (1 to 99 per type)',
        body: {
          type: 'object',
          properties: {
            containers: {
              type: 'array',
              minItems: 1,
              maxItems: 50,
              items: {
                type: 'object',
                properties: {
                  container_type: { type: 'string', minLength: 1, maxLength: 64 },
                  count: { type: 'integer', minimum: 1, maximum: 99 },
                },
                required: ['container_type', 'count'],
              },
            },
          },
          required: ['containers'],
        },
        response: { 201: requestSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const caller = shopCaller(request);
      const items = request.body.containers;
      const keys = new Set(await typeKeys(db));
      const seen = new Set<string>();
      for (const item of items) {
        if (!keys.has(item.container_type))
          throw new ValidationError(`Unknown container type: ${item.container_type}`);
        if (seen.has(item.container_type))
          throw new ValidationError(`Container type listed twice: ${item.container_type}`);
        seen.add(item.container_type);
      }
      reply.status(201);
      return createRequest(db, caller.shopId, items, now());
    },
  );

  app.post<{ Params: { id: number }; Body: { approved: boolean; reason: string } }>(
    '/:id/approve_or_deny',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['requests'],
        summary:
          'Approve (moves stock from the provider to the shop) or deny a PENDING request (super admin)',
        params: idParams,
        body: {
          type: 'object',
          properties: {
            // enum rather than type: boolean, so null or "yes" is rejected instead of coerced.
            approved: { enum: [true, false] },
            reason: { type: 'string', maxLength: 500 },
          },
          required: ['approved'],
        },
        response: {
          200: {
            type: 'object',
            properties: { message: { type: 'string' }, request: requestSchema },
            required: ['message', 'request'],
          },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const decided = await decideRequest(
        db,
        request.params.id,
        { approved: request.body.approved, reason: request.body.reason ?? '' },
        now(),
      );
      return {
        message: decided.status === 'APPROVED' ? 'Request approved.' : 'Request denied.',
        request: decided,
      };
    },
  );

  app.post<{ Body: { country: string; type: string; count: number } }>(
    '/generate_codes',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['containers'],
        summary:
          "Create new containers in the provider's stock and answer their QR codes (super admin)",
        body: {
          type: 'object',
          properties: {
            country: { type: 'string', minLength: 1, maxLength: 100 },
            type: { type: 'string', minLength: 1, maxLength: 64 },
            count: { type: 'integer', minimum: 1, maximum: MAX_CODES_PER_CALL },
          },
          required: ['country', 'type', 'count'],
        },
        response: {
          201: {
            type: 'object',
            properties: {
              generated_codes: { type: 'array', items: { type: 'string' } },
              batch_id: { type: 'integer', description: 'The QR batch recording this call' },
            },
            required: ['generated_codes', 'batch_id'],
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { country, type, count } = request.body;
      if (!(await typeKeys(db)).includes(type))
        throw new ValidationError(`Unknown container type: ${type}`);
      if (!(await countryExists(db, country)))
        throw new ValidationError(`Unknown country: ${country}`);
      const caller = callerOf(request);
      if (caller.kind !== 'admin') throw new ForbiddenError('Only the super admin may do this.');
      const batch = await createQrBatch(
        db,
        { adminId: caller.adminId, typeKey: type, country, count },
        now(),
      );
      reply.status(201);
      return { generated_codes: batch.codes, batch_id: batch.id };
    },
  );
}
