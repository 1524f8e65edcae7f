import { Readable } from 'node:stream';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';

import type { RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import {
  auditEntryBatches,
  countAuditEntries,
  listAuditEntries,
  newestAuditId,
} from '../../repositories/audit-log';
import {
  AUDIT_CSV_COLUMNS,
  AuditEntrySchema,
  AuditQuery,
  type AuditEntry,
} from '../../schemas/audit';
import { ListOf, errors } from '../../schemas/common';

/**
 * A field quoted when it needs to be, and a leading =, +, - or @ defused so
 * a spreadsheet does not run a label typed by a shop as a formula.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(entry: AuditEntry): string {
  const row: Record<(typeof AUDIT_CSV_COLUMNS)[number], unknown> = {
    id: entry.id,
    at: entry.at,
    actor_id: entry.actor.id,
    actor_role: entry.actor.role,
    actor_name: entry.actor.name,
    action: entry.action,
    target_kind: entry.target.kind,
    target_id: entry.target.id,
    target_label: entry.target.label,
    shop_id: entry.shop_id,
    address: entry.address,
    user_agent: entry.user_agent,
    details: entry.details,
  };
  return AUDIT_CSV_COLUMNS.map((column) => csvField(row[column])).join(',');
}

/** The CSV document, one batch of rows at a time (a header first). */
async function* csvLines(batches: AsyncGenerator<AuditEntry[]>): AsyncGenerator<string> {
  yield AUDIT_CSV_COLUMNS.join(',') + '\r\n';
  for await (const items of batches) yield items.map((item) => csvRow(item) + '\r\n').join('');
}

/** The JSON array, one batch at a time. */
async function* jsonLines(batches: AsyncGenerator<AuditEntry[]>): AsyncGenerator<string> {
  let separator = '[';
  for await (const items of batches) {
    yield separator + items.map((item) => JSON.stringify(item)).join(',');
    separator = ',';
  }
  yield separator === '[' ? '[]' : ']';
}

/**
 * Sends text as it is read: bytes, not objects, since Readable.from would
 * otherwise read batches ahead of a slow client. Text, not JSON: Fastify
 * sends it as it is, past the list's JSON schema.
 */
function sendStream(reply: FastifyReply, lines: AsyncGenerator<string>): FastifyReply {
  return reply.send(Readable.from(lines, { objectMode: false, highWaterMark: 1 }));
}

/**
 * The audit log, newest first (super admin): filters by actor, action, shop
 * and date range; `limit`/`offset` page it with X-Total-Count, and
 * `format=csv` answers exactly the same rows as CSV. No route changes or
 * removes an entry (lib/audit.ts, lib/audit-retention.ts).
 */
const listAudit: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/audit',
    {
      config: { auth: 'super_admin' },
      schema: {
        tags: ['audit'],
        summary:
          'Who did what, newest first, filtered and paged; format=csv to export (super admin)',
        querystring: AuditQuery,
        response: { 200: ListOf(AuditEntrySchema), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, offset, format, ...filter } = request.query;
      // An admin and a shop may share an id, so an actor is named with its role.
      if (filter.actor !== undefined && !filter.actor_role)
        throw new ValidationError('Give actor_role with actor: ids are per role.');
      if (format !== 'csv' && limit !== undefined) {
        const { total, items } = await listAuditEntries(deps.db, filter, { limit, offset });
        reply.header('X-Total-Count', total);
        return items;
      }
      // An export or a whole list streams, a batch at a time as the client
      // takes it, up to the newest entry at the start: count and rows agree.
      const upTo = await newestAuditId(deps.db);
      const total = await countAuditEntries(deps.db, { ...filter, upTo });
      const batches = auditEntryBatches(deps.db, { ...filter, upTo }, { limit, offset });
      reply.header('X-Total-Count', total);
      if (format === 'csv') {
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="audit-log.csv"');
      } else reply.type('application/json; charset=utf-8');
      return sendStream(reply, format === 'csv' ? csvLines(batches) : jsonLines(batches));
    },
  );
};

export default listAudit;
