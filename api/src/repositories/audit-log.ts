import { sql } from 'kysely';

import { dbKindOf, type Db } from '../db/connect';
import type { AuditLogRow } from '../db/schema';
import type { AuditEntry, AuditFilter } from '../schemas/audit';
import type { Page } from './paging';

const ALL_ROWS = 2_147_483_647;

/** The one mapping from a row to the API's entry shape. */
export function toApiAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
    action: row.action as AuditEntry['action'],
    target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
    shop_id: row.shop_id,
    address: row.address,
    user_agent: row.user_agent,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  if (filter.actor_role) query = query.where('actor_role', '=', filter.actor_role);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.shop !== undefined) query = query.where('shop_id', '=', filter.shop);
  // Times are ISO text: a day's entries sort between 'YYYY-MM-DD' and 'YYYY-MM-DD~'.
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', `${filter.to}~`);
  return query;
}

/** Entries newest first (by id, the order they were written), one page, and how many match. */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: Page,
): Promise<{ total: number; items: AuditEntry[] }> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let query = filtered(db, filter).selectAll().orderBy('id', 'desc');
  // SQLite accepts OFFSET only after a LIMIT, so an offset alone pages to the end.
  if (page.limit !== undefined || page.offset) query = query.limit(page.limit ?? ALL_ROWS);
  if (page.offset) query = query.offset(page.offset);
  return { total: Number(total), items: (await query.execute()).map(toApiAuditEntry) };
}

/**
 * Removes the entries written before `cutoff`, the only way entries leave.
 * On PostgreSQL through audit_prune(), the one DELETE its trigger lets
 * through. Answers how many went.
 */
export async function pruneAuditLog(db: Db, cutoff: Date): Promise<number> {
  const before = cutoff.toISOString();
  if (dbKindOf(db) === 'postgres') {
    const { rows } = await sql<{
      removed: number;
    }>`select audit_prune(${before}) as removed`.execute(db);
    return Number(rows[0]?.removed ?? 0);
  }
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
