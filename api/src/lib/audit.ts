import { AUDIT_CSV_COLUMNS } from '@panel/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';

import { compiledOnce, rowSlots } from '../db/compiled-once';
import type { Db } from '../db/connect';
import type { AuditLogTable } from '../db/schema';
import { nowOf, type AppDeps } from '../deps';
import type { AuditAction, AuditRole } from '../schemas/audit';

/** Who acts: id, role and name as they are at the time of the action. */
export interface AuditActor {
  id: number | null;
  role: AuditRole;
  name: string | null;
}

/**
 * Who is acting, from where, and when: built once per call from the request
 * (auditContextOf) and handed to the repository function that writes the
 * change, which records its entry in the same transaction.
 */
export interface AuditContext {
  actor: AuditActor;
  address: string | null;
  userAgent: string | null;
  now: Date;
}

/** What an entry says beyond the context: the action, its target and its details (no secrets). */
export interface AuditEntryInput {
  action: AuditAction;
  target: {
    kind: 'request' | 'shop' | 'admin' | 'account' | 'qr_batch' | 'loan' | 'release';
    id: number | null;
    label: string | null;
  };
  /** The shop the entry concerns, for the shop filter (defaults to a shop target's id). */
  shopId?: number | null;
  details?: Record<string, unknown>;
}

const NOBODY: AuditActor = { id: null, role: 'anonymous', name: null };

/** The caller of a request as an actor: the shop (its name) or the super admin (its e-mail), else nobody. */
export function actorOf(request: FastifyRequest): AuditActor {
  const caller = request.caller;
  if (caller?.kind === 'shop') return { id: caller.shopId, role: 'shop', name: caller.shopName };
  if (caller?.kind === 'admin')
    return { id: caller.adminId, role: 'super_admin', name: caller.email };
  return NOBODY;
}

export function auditContextOf(request: FastifyRequest, deps: AppDeps): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    actor: actorOf(request),
    address: request.ip || null,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
    now: nowOf(deps),
  };
}

/** The same context with another actor: a public call whose actor is known once its account is. */
export function actingAs(context: AuditContext, actor: AuditActor): AuditContext {
  return { ...context, actor };
}

/** Actions the API takes by itself (the demo data), not on anyone's request. */
export function systemAudit(now = new Date()): AuditContext {
  return { actor: { id: null, role: 'system', name: null }, address: null, userAgent: null, now };
}

type AuditLogValues = Required<Omit<Insertable<AuditLogTable>, 'id'>>;

type AuditColumn = Exclude<(typeof AUDIT_CSV_COLUMNS)[number], 'id'>;

/** The entry's columns, in the order of the INSERT's values: the CSV's, but the id. */
const AUDIT_COLUMNS = AUDIT_CSV_COLUMNS.filter((column): column is AuditColumn => column !== 'id');

/**
 * Every entry is the same INSERT with other values (db/compiled-once.ts):
 * rebuilding it took about a third of the entry's cost, on every audited
 * write (issue 33's budget: 10 %).
 */
function auditInsert(trx: Db, values: AuditLogValues) {
  return compiledOnce(
    trx,
    'audit entry',
    AUDIT_COLUMNS.map((column) => values[column]),
    (valueAt) =>
      trx
        .insertInto('audit_log')
        .values(rowSlots(valueAt, AUDIT_COLUMNS))
        // What a live event says of the entry: announced once it commits (db/audit-announcer.ts).
        .returning(['id', 'action', 'target_kind', 'target_id', 'shop_id']),
  );
}

/**
 * Appends one entry. Callers pass the transaction that makes the change, so
 * the entry and the change commit together, and a refused change leaves none.
 */
export async function recordAudit(
  trx: Db,
  context: AuditContext,
  entry: AuditEntryInput,
): Promise<void> {
  const values: AuditLogValues = {
    at: context.now.toISOString(),
    actor_id: context.actor.id,
    actor_role: context.actor.role,
    actor_name: context.actor.name,
    action: entry.action,
    target_kind: entry.target.kind,
    target_id: entry.target.id,
    target_label: entry.target.label,
    shop_id: entry.shopId ?? (entry.target.kind === 'shop' ? entry.target.id : null),
    address: context.address,
    user_agent: context.userAgent,
    details: JSON.stringify(entry.details ?? {}),
  };
  await trx.executeQuery(auditInsert(trx, values));
}
